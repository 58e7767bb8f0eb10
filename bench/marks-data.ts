// Marks data for the benchmarks, added to the demo school (school 1): one old-curriculum class (60 students
// unless told), a compulsory subject and an exam set of the current term. Plain SQL: a fixture.
import type { Database } from '../apps/api/src/db/open.js';

export interface MarksFixture {
  exam_set_id: number;
  class_id: number;
  subject_id: number;
  studentIds: number[];
}

export async function seedMarksClass(database: Database, size = 60): Promise<MarksFixture> {
  const q = database.raw;
  const [now] = (await q('select current_year as y, current_term as t from school_settings where school_id = 1')) as {
    y: number;
    t: number;
  }[];
  const [cls] = (await q(
    `insert into classes (school_id, name, level, curriculum, rank) values (1, 'Bench O', 'olevel', 'old', 90) returning id`,
  )) as { id: number }[];
  const [subject] = (await q(
    `insert into subjects (school_id, name, code, level, subject_group, compulsory)
     values (1, 'Bench English', 'B112', 'olevel', 'english', true) returning id`,
  )) as { id: number }[];
  const [set] = (await q(
    `insert into exam_sets (school_id, name, year, term, max_mark, curriculum) values (1, 'Bench BOT', $1, $2, 100, 'all')
     returning id`,
    [now.y, now.t],
  )) as { id: number }[];
  const students = (await q(
    `insert into students (school_id, admission_no, surname, other_names, gender, date_of_birth, class_id, section,
       nationality, status, entry_year, entry_term, admitted_on)
     select school_id, 'M' || id, surname, other_names, gender, date_of_birth, $1, section, nationality, 'current',
       entry_year, entry_term, admitted_on
     from students where school_id = 1 and admission_no not like 'B%' order by id limit $2 returning id`,
    [cls.id, size],
  )) as { id: number }[];
  return { exam_set_id: set.id, class_id: cls.id, subject_id: subject.id, studentIds: students.map((s) => s.id) };
}
