/** 操作日志's filters as an operator uses them: searchable selects of operations and operators. */
import { expect, type Locator, type Page } from '@playwright/test';

/** The filter select labelled `label` (操作名称, 操作人, 目标类型; antd's label ends in a colon). */
export function filterSelect(page: Page, label: string): Locator {
  return page.getByRole('main').getByRole('combobox', { name: new RegExp(`^${label}\\s*[:：]?$`) });
}

/** Picks `option` in the searchable filter select labelled `label`, typing it first. */
export async function chooseFilter(page: Page, label: string, option: string): Promise<void> {
  const box = filterSelect(page, label);
  await expect(async () => {
    await box.click({ timeout: 2_000 });
    await box.fill(option, { timeout: 2_000 });
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: option })
      .first()
      .click({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/** 查询 of the filter form. */
export async function search(page: Page): Promise<void> {
  await page
    .getByRole('main')
    .getByRole('button', { name: /查\s*询/ })
    .click();
}
