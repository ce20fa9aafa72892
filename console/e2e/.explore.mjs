import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from './chromium.mjs';
const base = 'http://localhost:8080';
const browser = await chromium.launch(chromiumLaunchOptions);
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
const logs = [];
page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
await page.goto(`${base}/login`);
await page.getByLabel('Email').fill('demo@practicepilot.example');
await page.getByLabel('Password').fill('practicepilot');
await page.getByRole('button', { name: 'Sign in' }).click();
await page.waitForURL(/\/leads\/[\w-]+$/);
await page.waitForTimeout(1500);
const token = await page.evaluate(() => localStorage.getItem('access_token'));
const pid = await page.evaluate(() => localStorage.getItem('selectedPracticeId'));
const api = async (path) => (await fetch(`${base}/api/v1${path}`, { headers: { Authorization: `Bearer ${token}` } })).json();
// an escalated lead
const esc = await api(`/people/?practice_id=${pid}&stage=escalated&limit=1`);
await page.goto(`${base}/leads/${esc.items[0].person_id}?stage=escalated`);
await page.waitForTimeout(2500);
await page.screenshot({ path: '/tmp/shots/escalated.png', fullPage: false });
await page.mouse.wheel(0, 600);
// review lead
const rev = await api(`/people/?practice_id=${pid}&pending_review=true&limit=20`);
const r = rev.items.find((p) => p.pending_review_type === 'approval');
await page.goto(`${base}/leads/${r.person_id}?stage=review`);
await page.waitForTimeout(2500);
await page.screenshot({ path: '/tmp/shots/review.png' });
// search
await page.getByPlaceholder('Search leads…').fill('mar');
await page.waitForTimeout(1500);
await page.screenshot({ path: '/tmp/shots/search.png' });
await page.keyboard.press('Escape');
// Priya (script text)
const pri = await api(`/people/search?practice_id=${pid}&q=priya`);
await page.goto(`${base}/leads/${pri[0].person_id}`);
await page.waitForTimeout(2500);
const detail = page.getByTestId('lead-detail');
await page.screenshot({ path: '/tmp/shots/priya.png' });
// scroll the detail to the timeline
await page.evaluate(() => { const el = document.querySelector('[data-testid="lead-detail"]'); if (el) el.scrollTop = 900; });
await page.waitForTimeout(500);
await page.screenshot({ path: '/tmp/shots/priya-timeline.png' });
console.log(logs.filter((l) => !l.startsWith('debug')).slice(0, 30).join('\n'));
await browser.close();
