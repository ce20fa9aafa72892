import { expect, test } from './fixtures';

/** The lead detail must keep room for reading: at least this wide, whatever the window. */
const READABLE_DETAIL_PX = 400;

test.describe('the leads workspace on front-desk screens', () => {
  test('at 1024×768 and 1280×768 the lead detail is readable; stages and assistant stay reachable', async ({
    signedIn: page,
  }) => {
    // One browser through both widths: the window resized and the workspace opened afresh at each.
    for (const width of [1024, 1280]) {
      await test.step(`at ${width}×768`, async () => {
        await page.setViewportSize({ width, height: 768 });
        await page.goto('/leads');
        const detail = page.getByTestId('lead-detail');
        await expect(detail).toBeVisible();
        await expect(detail.getByRole('button', { name: 'Edit First name' })).toBeVisible();
        await expect(detail.getByRole('button', { name: 'Edit Phone' })).toBeVisible();
        await expect(detail.getByRole('heading', { name: 'Lead Intelligence' })).toBeVisible();
        const box = await detail.boundingBox();
        expect(box?.width ?? 0).toBeGreaterThanOrEqual(READABLE_DETAIL_PX);
        // Nothing sticks out of the window sideways.
        expect(box ? box.x + box.width : Infinity).toBeLessThanOrEqual(width);

        // The stage dropdown shows its whole value.
        const stage = detail.getByRole('combobox', { name: 'Stage' });
        expect(await stage.evaluate((select) => select.scrollWidth <= select.clientWidth)).toBe(true);

        // The assistant panel starts closed and opens over the page, leaving the detail as it was.
        await page.getByRole('button', { name: 'Show AI Assistant' }).click();
        const assistant = page.getByRole('complementary', { name: 'AI Assistant' });
        await expect(assistant).toBeVisible();
        await expect(assistant).toHaveAttribute('data-overlay', 'true');
        expect((await detail.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(READABLE_DETAIL_PX);
        await page.getByRole('button', { name: 'Hide AI Assistant' }).click();
        await expect(assistant).toBeHidden();

        // The stage sidebar: a column at 1280, a drawer behind the 'Lead stages' button at 1024.
        if (width < 1280) {
          await page.getByRole('button', { name: 'Lead stages' }).click();
        }
        const stages = page.getByRole('navigation', { name: 'Lead stages' });
        await stages.getByRole('button', { name: /^Closed \/ Lost/ }).click();
        await expect(page).toHaveURL(/stage=closed/);
        await expect(page.getByRole('heading', { name: 'Closed / Lost', level: 2 })).toBeVisible();
      });
    }
  });

  test('at 1440 px the stages and the assistant are columns of their own', async ({ signedIn: page }) => {
    await page.goto('/leads');
    await expect(page.getByTestId('lead-detail')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Lead stages' })).toBeVisible();
    const assistant = page.getByRole('complementary', { name: 'AI Assistant' });
    await expect(assistant).toBeVisible();
    await expect(assistant).not.toHaveAttribute('data-overlay', 'true');
    expect((await page.getByTestId('lead-detail').boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(400);
  });
});

test.describe('the keyboard', () => {
  test('the first Tab offers a skip link that moves focus to the lead detail', async ({ signedIn: page }) => {
    await page.goto('/leads');
    await expect(page.getByTestId('lead-detail')).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to lead details' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('#lead-detail')).toBeFocused();
  });

  test('icon buttons, stage items, refresh and the account menu show a focus ring', async ({
    signedIn: page,
  }) => {
    await page.goto('/leads');
    await expect(page.getByTestId('lead-detail')).toBeVisible();
    await page.keyboard.press('Tab'); // keyboard use: focus from now on is :focus-visible
    const targets = [
      page.getByRole('button', { name: 'Refresh' }),
      page.getByRole('navigation', { name: 'Lead stages' }).getByRole('button').first(),
      page.getByRole('button', { name: 'Hide Sidebar' }),
      page.getByTestId('user-menu'),
      page.getByRole('button', { name: 'Hide AI Assistant' }),
    ];
    for (const target of targets) {
      await target.focus();
      await expect(target).toBeFocused();
      const ring = await target.evaluate((element) => {
        const style = getComputedStyle(element);
        return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
      });
      expect(ring.style).toBe('solid');
      expect(ring.width).toBeGreaterThanOrEqual(2);
    }
  });
});

test('an unknown address shows a not-found page with a way back to the leads', async ({ signedIn: page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText(/bad link/i)).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to Leads' }).click();
  await expect(page).toHaveURL(/\/leads(\/[\w-]+)?$/);
});
