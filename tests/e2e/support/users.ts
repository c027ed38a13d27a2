import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import type { Api } from '../fixtures';
import { pickOption } from '../pages';

/** A password the core's policy accepts. */
export const STRONG_PASSWORD = 'Strong#2024';

/** Picks `role` in a user dialog's 角色 TreeSelect (see `pickOption`), then closes its dropdown. */
export async function pickRole(page: Page, dialog: Locator, role: string): Promise<void> {
  await pickOption(page, dialog.getByLabel('角色'), role);
  await dialog.getByLabel('昵称').click();
}

/** A username no other test of this worker's gateway uses. */
export function uniqueName(prefix: string, info: TestInfo): string {
  return `${prefix}${info.workerIndex}x${Date.now().toString(36)}`;
}

/** Creates a system user directly through the gateway; resolves with the new item. */
export async function createUser(api: Api, mat: string, username: string, nickname: string) {
  const roles = await api.result('mtop.admin.user.qryRoleTree', { mat });
  const operatorRole = (roles.data as { id: number; name: string }[]).find(
    (r) => r.name === '运营',
  );
  const created = await api.result('mtop.admin.user.create', {
    method: 'POST',
    mat,
    data: { username, nickname, password: STRONG_PASSWORD, roleIds: [operatorRole!.id] },
  });
  expect(created.success, `${created.code} ${created.msg}`).toBe(true);
  return created.data as { id: number; username: string; version: number };
}
