import { expect, test } from '@playwright/test';
import PDFParser from 'pdf2json';
import { classIdOf, currentTerm, showClass } from '../support/exams';
import { admin, apiSignIn, bearer, collectPageErrors, type Session, seedSession } from '../support/session';
import { notice, unique } from '../support/ui';

// The Director of Studies at the end of term: comments from the bank, a learner's project, the cards.
test.describe.configure({ mode: 'serial' });

let session: Session;
test.beforeEach(async ({ context, request }) => {
  session = await apiSignIn(request, admin.username, admin.password);
  await seedSession(context, session);
});

/** The text of each page of a PDF. */
async function pdfPages(pdf: Buffer): Promise<string[]> {
  const parser = new PDFParser(null, true);
  await new Promise<void>((resolve, reject) => {
    parser.on('pdfParser_dataReady', () => resolve());
    parser.on('pdfParser_dataError', (error) => reject('parserError' in error ? error.parserError : error));
    parser.parseBuffer(pdf);
  });
  return parser
    .getRawTextContent()
    .split(/-+Page \(\d+\) Break-+/)
    .slice(0, -1);
}

test("report comments: the bank fills a class's empty comments, which are saved and kept", async ({ page }) => {
  const errors = collectPageErrors(page);
  await showClass(page, '/report/comments/alevel', 'S6');
  const first = page.locator('tbody tr').first();
  await expect(first).toContainText(/Points \d+|No marks/);
  const classTeacher = first.getByRole('textbox', { name: /^Class teacher's comment/ });
  // Clear any comment an earlier run saved, then let the bank fill the empty ones.
  await classTeacher.fill('');
  const suggestion = await classTeacher.getAttribute('placeholder');
  await page.getByRole('button', { name: 'Fill empty comments from the bank' }).click();
  if (suggestion) await expect(classTeacher).toHaveValue(suggestion);
  const own = unique('Leads the debating club; ');
  await classTeacher.fill(own);
  await page.getByRole('button', { name: /^Save \d+ comments?$/ }).click();
  await expect(notice(page, 'Comment Saved Successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save 0 comments' })).toBeDisabled();
  await page.reload();
  await showClass(page, '/report/comments/alevel', 'S6');
  await expect(
    page
      .locator('tbody tr')
      .first()
      .getByRole('textbox', { name: /^Class teacher's comment/ }),
  ).toHaveValue(own);
  expect(errors).toEqual([]);
});

test("class teachers: the class teacher writes the stream's comments; other boxes say whose they are and are refused", async ({
  browser,
  request,
}) => {
  const headers = bearer(session);
  const id = async (res: Promise<import('@playwright/test').APIResponse>) => {
    const reply = await res;
    expect(reply.status(), await reply.text()).toBe(200);
    return ((await reply.json()) as { data: { id: number } }).data.id;
  };
  // A new teacher becomes S4 East's class teacher and signs in as a Teacher.
  const name = unique('Auma Stella ');
  const teacher = await id(
    request.post('/api/staff', { headers, data: { name, initials: unique('AS').slice(-6), basic_salary: 0 } }),
  );
  const streams = (await (await request.get('/api/streams?per_page=100', { headers })).json()) as {
    data: { id: number; name: string; class_id: number }[];
  };
  const classes = (await (await request.get('/api/classes?per_page=100', { headers })).json()) as {
    data: { id: number; name: string }[];
  };
  const s4 = classes.data.find((c) => c.name === 'S4')?.id;
  const east = streams.data.find((x) => x.class_id === s4 && x.name === 'East')?.id;
  await id(request.put(`/api/streams/${east}`, { headers, data: { class_teacher_id: teacher } }));
  const roles = (await (await request.get('/api/roles', { headers })).json()) as {
    data: { id: number; name: string }[];
  };
  const username = unique('auma.');
  const password = 'teacher-pass-123';
  const link = await request.post(`/api/staff_sign_in/${teacher}`, {
    headers,
    data: { username, password, role_id: roles.data.find((r) => r.name === 'Teacher')?.id },
  });
  expect(link.status(), await link.text()).toBe(200);

  const own = await apiSignIn(request, username, password);
  const context = await browser.newContext();
  await seedSession(context, own);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await showClass(page, '/report/comments/new', 'S4');
  // The class's results are worked out for the sheet: a hundred learners take a while on a busy machine.
  await expect(page.locator('tbody tr').first()).toBeVisible({ timeout: 30_000 });
  const eastRow = page.locator('tbody tr').filter({ hasText: /East/ }).first();
  const westRow = page.locator('tbody tr').filter({ hasText: /West/ }).first();
  const classTeacher = (row: typeof eastRow) => row.getByRole('textbox', { name: /^Class teacher's comment/ });
  const headTeacher = (row: typeof eastRow) => row.getByRole('textbox', { name: /^Head teacher's comment/ });
  await expect(classTeacher(westRow)).toHaveAttribute('readonly', '');
  await expect(classTeacher(westRow)).toHaveAttribute('placeholder', /^Written by the class teacher, /);
  await expect(headTeacher(eastRow)).toHaveAttribute('placeholder', 'Written by the head teacher');
  const comment = unique('Keeps the class register well; ');
  await classTeacher(eastRow).fill(comment);
  await page.getByRole('button', { name: 'Save 1 comment' }).click();
  await expect(notice(page, 'Comment Saved Successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save 0 comments' })).toBeDisabled();

  // The head teacher's comment is not the teacher's to write, whatever the screen shows.
  const { year, term } = await currentTerm(page, own);
  const sheet = (await (
    await request.get(`/api/report_comments?year=${year}&term=${term}&class_id=${s4}`, { headers: bearer(own) })
  ).json()) as { data: { students: { id: number; class_teacher: string | null }[] } };
  const student = sheet.data.students.find((x) => x.class_teacher === comment)?.id;
  const refused = await request.post('/api/report_comments', {
    headers: bearer(own),
    data: { year, term, comments: [{ student_id: student, class_teacher: comment, head_teacher: 'Promoted.' }] },
  });
  expect(refused.status()).toBe(202);
  expect((await refused.json()).message).toBe(
    "Only the head teacher, or a user group allowed to write the head teacher's comment, may write it.",
  );
  expect(errors).toEqual([]);
  await context.close();
});

test("projects: a learner's project is recorded by the indicators observed; one without a title is refused", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await showClass(page, '/exams/projects', 'S4');
  const row = page.locator('tbody tr').first();
  await row.getByRole('button', { name: /^(Record|Edit):/ }).click();
  const dialog = page.getByRole('dialog');
  const title = unique('Solar drier for cassava ');
  await dialog.getByRole('textbox', { name: 'Project' }).fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Give the project title')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Project' }).fill(title);
  // The counts stop at the checklist's ten.
  await dialog.getByRole('textbox', { name: 'Planning' }).fill('12');
  await dialog.getByRole('textbox', { name: 'Implementation' }).focus();
  await expect(dialog.getByRole('textbox', { name: 'Planning' })).toHaveValue('10');
  await dialog.getByRole('textbox', { name: 'Planning' }).fill('5');
  for (const [stage, n] of [
    ['Implementation', '4'],
    ['Reporting', '3'],
    ['Dissemination', '2'],
  ])
    await dialog.getByRole('textbox', { name: stage }).fill(n);
  await expect(dialog.getByText('Indicators observed in all: 14')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, 'Project Saved Successfully')).toBeVisible();
  await expect(row).toContainText(title);
  await expect(row.locator('td').nth(7)).toHaveText('14');
  expect(errors).toEqual([]);
});

test("A Level cards: the class's list, then one PDF page per student with the points the list shows", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const now = await currentTerm(page, session);
  const fetched = await page.request.post('/api/alevel_reports', {
    headers: bearer(session),
    data: { year: now.year, term: now.term, class_id: await classIdOf(page, session, 'S5') },
  });
  expect(fetched.status(), await fetched.text()).toBe(200);
  const cards = (await fetched.json()).data as {
    cards: { student: { name: string }; summary: { points: number | null }; withheld: boolean }[];
  };
  const sample = cards.cards.find((c) => c.summary.points !== null && !c.withheld) as (typeof cards.cards)[number];

  await showClass(page, '/exams/alevel/reports', 'S5');
  await expect(page.locator('tbody tr')).toHaveCount(cards.cards.length);
  await expect(page.locator('tbody tr', { hasText: sample.student.name }).first()).toContainText(
    `${sample.summary.points} points`,
  );

  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/reports_updated') && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Print cards' }).click(),
  ]);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  // The window that opened the PDF took its bytes: ask again with what the screen sent.
  const again = await page.request.post('/api/reports_updated', {
    headers: bearer(session),
    data: response.request().postDataJSON(),
  });
  const pages = await pdfPages(await again.body());
  const withheld = cards.cards.some((c) => c.withheld) ? 1 : 0;
  expect(pages).toHaveLength(cards.cards.length + withheld);
  const page1 = pages.find((p) => p.includes(sample.student.name) && p.includes('Points:')) as string;
  expect(page1).toContain(`Points: ${sample.summary.points} of 20`);
  expect(errors).toEqual([]);
});

test("O Level cards: a class's PDF gives a student's aggregate and division", async ({ page }) => {
  const errors = collectPageErrors(page);
  const headers = bearer(session);
  const now = await currentTerm(page, session);
  const data = async (reply: Awaited<ReturnType<typeof page.request.post>>) => {
    expect(reply.status(), await reply.text()).toBe(200);
    return ((await reply.json()) as { data: { id: number } }).data;
  };
  // A class still on the old curriculum (a repeat class), one student taking eight subjects.
  const name = unique('Old S4 ');
  const cls = await data(
    await page.request.post('/api/classes', { headers, data: { name, level: 'olevel', curriculum: 'old', rank: 40 } }),
  );
  const student = await data(
    await page.request.post('/api/students', {
      headers,
      data: {
        surname: 'Ssemakula',
        other_names: 'John',
        gender: 'M',
        class_id: cls.id,
        admitted_on: `${now.year}-02-10`,
      },
    }),
  );
  const subjects = (
    (await (await page.request.get('/api/subjects?per_page=200', { headers })).json()).data as {
      id: number;
      level: string;
      code: string;
      compulsory: boolean;
    }[]
  )
    // The demo's subjects by UNEB code (another test may add a compulsory subject of its own).
    .filter((x) => x.level === 'olevel' && ['112', '241', '273', '456', '535', '545', '553', '223'].includes(x.code));
  expect(subjects).toHaveLength(8);
  await data(
    await page.request.post('/api/save_optional_subjects', {
      headers,
      data: {
        class_id: cls.id,
        choices: [{ student_id: student.id, subject_ids: subjects.filter((x) => !x.compulsory).map((x) => x.id) }],
      },
    }),
  );
  // The demo's considered sets (other tests may add sets of their own to the term).
  const sets = (
    (await (await page.request.get('/api/exam_sets?per_page=100', { headers })).json()).data as {
      id: number;
      name: string;
      year: number;
      term: number;
    }[]
  ).filter((x) => x.year === now.year && x.term === now.term && ['BOT', 'MOT', 'EOT'].includes(x.name));
  expect(sets).toHaveLength(3);
  // 85 in every subject and set: D1 eight times, aggregate 8, Division 1.
  for (const set of sets)
    for (const subject of subjects)
      await data(
        await page.request.post('/api/save_exam_mark', {
          headers,
          data: {
            exam_set_id: set.id,
            class_id: cls.id,
            subject_id: subject.id,
            marks: [{ student_id: student.id, mark: 85, version: null }],
          },
        }),
      );

  await showClass(page, '/exams/reports', name);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.locator('tbody tr').first()).toContainText('8, Division 1');
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/reports_updated') && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Print cards' }).click(),
  ]);
  expect(response.status()).toBe(200);
  const again = await page.request.post('/api/reports_updated', { headers, data: response.request().postDataJSON() });
  const pages = await pdfPages(await again.body());
  expect(pages).toHaveLength(1);
  expect(pages[0]).toContain('Ssemakula John');
  expect(pages[0]).toContain('Aggregate: 8');
  expect(pages[0]).toContain('Division 1');
  expect(errors).toEqual([]);
});

test('the whole school prints as work that shows its progress and hands over one PDF', async ({ page }) => {
  const errors = collectPageErrors(page);
  await showClass(page, '/exams/alevel/reports', 'S6');
  await page.getByRole('button', { name: 'Print whole school' }).click();
  await expect(page.getByText(/Done: 2 of 2 classes/)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/cards in 2 classes/)).toBeVisible();
  expect(errors).toEqual([]);
});
