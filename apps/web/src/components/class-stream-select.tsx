import type { ReferenceOption } from './resource/reference-options';
import { ReferenceSelect } from './resource/reference-select';

/** A class and one of its streams; none is `undefined` (a screen's `null` is read as none too). */
export interface ClassStream {
  class_id?: number;
  stream_id?: number;
}

interface Props {
  value: { class_id?: number | null; stream_id?: number | null };
  /**
   * A new class clears the stream (another class's stream is never kept); the caller spreads the pair
   * into its own filters (`{ ...filters, ...next }`).
   */
  onChange: (next: ClassStream) => void;
  /** The screen's own words: "Class", "Stream", and the stream's placeholder ("All streams"). */
  labels: { class: string; stream: string; allStreams: string };
  classPlaceholder?: string;
  classRequired?: boolean;
  /** Only some classes (a level's, a curriculum's). */
  classOnly?: (option: ReferenceOption) => boolean;
  /** The class whose streams are offered when it is not the chosen one (a move keeps the class it has). */
  streamsOf?: number | null;
  /** Without the stream select (a screen that works on whole classes). */
  noStream?: boolean;
  errors?: { class_id?: string; stream_id?: string };
  /** The two selects' widths; `null` when each fills its cell of the caller's grid. */
  widths?: [number, number] | null;
}

/**
 * A class, then one of that class's streams (or all of them): the pair of selects the class screens
 * put in their filter row. A fragment, so the selects sit in the caller's own Group or grid.
 */
export function ClassStreamSelect({
  value,
  onChange,
  labels,
  classPlaceholder,
  classRequired,
  classOnly,
  streamsOf,
  noStream,
  errors,
  widths = [140, 160],
}: Props) {
  const classId = value.class_id ?? undefined;
  const streamClass = classId ?? streamsOf ?? undefined;
  return (
    <>
      <ReferenceSelect
        label={labels.class}
        placeholder={classPlaceholder}
        references="classes"
        w={widths?.[0]}
        required={classRequired}
        only={classOnly}
        value={classId ?? null}
        onChange={(id) => onChange({ class_id: id ?? undefined, stream_id: undefined })}
        error={errors?.class_id}
      />
      {noStream ? null : (
        <ReferenceSelect
          label={labels.stream}
          placeholder={labels.allStreams}
          references="streams"
          w={widths?.[1]}
          value={value.stream_id ?? null}
          onChange={(id) => onChange({ class_id: classId, stream_id: id ?? undefined })}
          only={(o) => o.row.class_id === streamClass}
          disabled={!streamClass}
          error={errors?.stream_id}
        />
      )}
    </>
  );
}
