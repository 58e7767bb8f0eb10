// A report card's result as the placeholders of a message to the guardian (results by SMS, issue 15 §4).

/** The result of a report card in the words of its scheme (DOMAIN §1.4, §2.3, §3.3). */
export interface CardSummary {
  average: number | null;
  aggregate: number | null;
  division: number | null;
  points: number | null;
  result: number | null;
  position: number | null;
  out_of: number;
}

/**
 * A student's result as placeholders: `{division}` is the scheme's own result: "Division 2" for the old
 * O Level (UCE), "15 points" for A Level (UACE has no division), "Result 1" for a new-curriculum S4
 * (no divisions, DOMAIN §3.3), else the average; `{aggregate}`, `{points}`, `{average}`, `{position}`.
 */
export function resultValues(curriculum: 'old' | 'new' | 'alevel', s: CardSummary): Record<string, string> {
  const average = s.average == null ? '' : `${Math.round(s.average)}%`;
  let division = 'no result yet (marks missing)';
  if (curriculum === 'old' && s.division != null)
    division = s.division === 9 ? 'Division U (ungraded)' : `Division ${s.division}`;
  else if (curriculum === 'alevel' && s.points != null) division = `${s.points} point${s.points === 1 ? '' : 's'}`;
  else if (curriculum === 'new' && s.result != null) division = `Result ${s.result}`;
  else if (curriculum === 'new' && average) division = `an average of ${average}`;
  return {
    division,
    aggregate: s.aggregate == null ? '' : String(s.aggregate),
    points: s.points == null ? '' : String(s.points),
    average,
    position: s.position == null ? '' : `${s.position} of ${s.out_of}`,
  };
}
