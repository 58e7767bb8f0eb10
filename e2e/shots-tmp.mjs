import { chromium } from '@playwright/test';
const base = 'http://localhost:8181';
const login = await (await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'demo-pass-2026' }) })).json();
const h = { 'content-type': 'application/json', authorization: `Bearer ${login.token}` };
const call = async (m, p, b) => (await fetch(`${base}/api${p}`, { method: m, headers: h, body: b ? JSON.stringify(b) : undefined })).json();
const items = (await call('GET', '/expense_items?per_page=5')).data;
for (const [i, it] of items.slice(0, 3).entries()) await call('POST', '/expense_requisition_cart', { item_id: it.id, quantity: i + 2, unit_cost: it.unit_cost || 25000 });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [w, hgt, tag] of [[1280, 900, 'wide'], [390, 844, 'phone']]) {
  const page = await browser.newPage({ viewport: { width: w, height: hgt } });
  await page.addInitScript(([t, u]) => { localStorage.setItem('somero.token', t); localStorage.setItem('somero.user', JSON.stringify(u)); }, [login.token, login.user]);
  for (const path of process.argv.slice(2)) {
    await page.goto(base + path);
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `/tmp/shots/${path.replaceAll('/', '_')}-${tag}.png`, fullPage: true });
  }
}
await browser.close();
