import { type ParentLineAnswer, parentLineAnswers } from '@somero/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/open.js';
import { sqlRows } from '../../db/open.js';

export interface LineChild {
  id: number;
  surname: string;
  otherNames: string;
  admissionNo: string;
  className: string | null;
  guardian: string;
}

export interface LineSchool {
  schoolId: number;
  name: string;
  /** False while the service has the school suspended: the line answers nothing of it. */
  open: boolean;
  answers: ParentLineAnswer[];
  results: { year: number; term: number } | null;
  children: LineChild[];
}

/** A child's first name as a parent calls them ("Brian" of "Okello Brian Peter"). */
export const firstName = (c: LineChild) => c.otherNames.trim().split(/\s+/)[0] || c.surname;

/**
 * The schools with the parents' line on where this number (stored `+256…`) is a guardian's number or
 * other number, each with the current students it is a guardian of: all a phone may ever see. Read
 * across schools, before any school is known (the number is the only key a parent has).
 */
export async function schoolsOfPhone(db: Executor, phone: string): Promise<LineSchool[]> {
  const rows = await sqlRows<{
    school_id: number;
    school: string;
    open: boolean;
    answers: string[] | string | null;
    results_year: number | null;
    results_term: number | null;
    id: number;
    surname: string;
    other_names: string;
    admission_no: string;
    class_name: string | null;
    guardian: string;
  }>(
    db,
    sql`select distinct on (sc.name, sc.id, s.surname, s.other_names, s.id)
          sc.id as school_id, sc.name as school, sc.status = 'active' as open, p.answers, p.results_year, p.results_term,
          s.id, s.surname, s.other_names, s.admission_no, c.name as class_name, g.name as guardian
        from guardians g
        join parent_line_settings p on p.school_id = g.school_id and p.enabled
        join schools sc on sc.id = g.school_id
        join student_guardians sg on sg.school_id = g.school_id and sg.guardian_id = g.id
        join students s on s.school_id = sg.school_id and s.id = sg.student_id and s.status = 'current'
        left join classes c on c.school_id = s.school_id and c.id = s.class_id
        where g.phone = ${phone} or g.alt_phone = ${phone}
        order by sc.name, sc.id, s.surname, s.other_names, s.id`,
  );
  const bySchool = new Map<number, LineSchool>();
  for (const r of rows) {
    const schoolId = Number(r.school_id);
    let school = bySchool.get(schoolId);
    if (!school) {
      const answers = Array.isArray(r.answers) ? r.answers : parseArray(r.answers);
      school = {
        schoolId,
        name: r.school,
        open: r.open === true || String(r.open) === 't',
        answers: parentLineAnswers.filter((a) => answers.includes(a)),
        results:
          r.results_year && r.results_term ? { year: Number(r.results_year), term: Number(r.results_term) } : null,
        children: [],
      };
      bySchool.set(schoolId, school);
    }
    school.children.push({
      id: Number(r.id),
      surname: r.surname,
      otherNames: r.other_names,
      admissionNo: r.admission_no,
      className: r.class_name,
      guardian: r.guardian,
    });
  }
  return [...bySchool.values()];
}

/** A text[] as some drivers answer it: `{fees,payments}`. */
const parseArray = (v: string | null) =>
  v
    ? v
        .replace(/^\{|\}$/g, '')
        .split(',')
        .map((s) => s.replace(/^"|"$/g, ''))
        .filter(Boolean)
    : [];
