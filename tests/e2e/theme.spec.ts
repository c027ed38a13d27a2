/** The light/dark switch in the header is remembered by the browser. */
import { test, expect, app } from './fixtures';
import { Shell } from './pages';

test('an operator switches to the dark theme and it survives a reload', async ({
  loggedInPage,
}) => {
  const page = await loggedInPage('operator');
  await page.goto(app('/home'));
  const shell = new Shell(page);
  await shell.expectScreen('首页');
  const dark = shell.header.getByRole('switch', { name: '暗色主题' });
  const headerColour = () => shell.header.evaluate((el) => getComputedStyle(el).backgroundColor);

  await expect(dark).not.toBeChecked();
  const lightColour = await headerColour();
  await dark.click();
  await expect(dark).toBeChecked();
  await expect.poll(headerColour).not.toBe(lightColour);
  const darkColour = await headerColour();

  await page.reload();
  await shell.expectScreen('首页');
  await expect(dark).toBeChecked();
  await expect.poll(headerColour).toBe(darkColour);

  // Another tab of the same browser opens dark as well.
  const other = await page.context().newPage();
  await other.goto(app('/operate/advertise'));
  const otherShell = new Shell(other);
  await otherShell.expectScreen('广告管理');
  await expect(otherShell.header.getByRole('switch', { name: '暗色主题' })).toBeChecked();
  await other.close();

  // Back to light, also remembered.
  await dark.click();
  await expect(dark).not.toBeChecked();
  await page.reload();
  await shell.expectScreen('首页');
  await expect(dark).not.toBeChecked();
  await expect.poll(headerColour).toBe(lightColour);
});

test('a new browser starts light', async ({ loggedInPage }) => {
  const page = await loggedInPage('admin');
  await page.goto(app('/home'));
  const shell = new Shell(page);
  await shell.expectScreen('首页');
  await expect(shell.header.getByRole('switch', { name: '暗色主题' })).not.toBeChecked();
});
