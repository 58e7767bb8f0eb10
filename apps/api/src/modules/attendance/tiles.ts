import { gateAttendance, staff, students } from '@somero/contract';
import { sql } from 'drizzle-orm';
import { today } from '../../core/dates.js';
import type { SchoolScope } from '../../core/scope.js';

export interface AttendanceToday {
  students_in: number;
  students_expected: number;
  staff_in: number;
  staff_expected: number;
}

/** The dashboard's attendance tile: who checked in at the gate today against current students and active staff (one query). */
export async function attendanceToday(scope: SchoolScope): Promise<AttendanceToday> {
  const day = today();
  const school = scope.schoolId;
  const n = (q: ReturnType<typeof sql>) => sql<number>`(${q})`.mapWith(Number);
  const [row] = await scope.db
    .select({
      students_in: n(
        sql`select count(*) from ${gateAttendance} where ${gateAttendance.schoolId} = ${school} and ${gateAttendance.day} = ${day} and ${gateAttendance.studentId} is not null`,
      ),
      staff_in: n(
        sql`select count(*) from ${gateAttendance} where ${gateAttendance.schoolId} = ${school} and ${gateAttendance.day} = ${day} and ${gateAttendance.staffId} is not null`,
      ),
      students_expected: n(
        sql`select count(*) from ${students} where ${students.schoolId} = ${school} and ${students.status} = 'current'`,
      ),
      staff_expected: n(sql`select count(*) from ${staff} where ${staff.schoolId} = ${school} and ${staff.active}`),
    })
    .from(sql`(select 1) as one`);
  return row;
}
