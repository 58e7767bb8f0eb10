import { ReferenceSelect } from './resource/reference-select';

export interface ClassStream {
  class_id: number | null;
  stream_id: number | null;
}

interface Props {
  value: ClassStream;
  /** A new class clears the stream (another class's stream is never kept). */
  onChange: (next: ClassStream) => void;
  /** The screen's own words: "Class", "Stream", and the stream's placeholder ("All streams"). */
  labels: { class: string; stream: string; allStreams: string };
  classPlaceholder?: string;
  classRequired?: boolean;
  /** The two selects' widths. */
  widths?: [number, number];
}

/**
 * A class, then one of that class's streams (or all of them): the pair of selects the class screens
 * put in their filter row. A fragment, so the selects sit in the caller's own Group.
 */
export function ClassStreamSelect({
  value,
  onChange,
  labels,
  classPlaceholder,
  classRequired,
  widths = [140, 160],
}: Props) {
  return (
    <>
      <ReferenceSelect
        label={labels.class}
        placeholder={classPlaceholder}
        references="classes"
        w={widths[0]}
        required={classRequired}
        value={value.class_id}
        onChange={(class_id) => onChange({ class_id, stream_id: null })}
      />
      <ReferenceSelect
        label={labels.stream}
        placeholder={labels.allStreams}
        references="streams"
        w={widths[1]}
        value={value.stream_id}
        onChange={(stream_id) => onChange({ ...value, stream_id })}
        only={(o) => o.row.class_id === value.class_id}
        disabled={!value.class_id}
      />
    </>
  );
}
