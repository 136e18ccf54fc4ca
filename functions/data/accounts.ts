import type { CreateEntityItem } from 'electrodb';
import { db, type AccountItem, type PackageItem } from './entities';
import type { accountEntity, packageEntity } from './model/people';

export async function getAccount(accountId: string): Promise<AccountItem | null> {
  const { data } = await db().entities.account.get({ account_id: accountId }).go();
  return data;
}

export async function insertAccount(account: CreateEntityItem<typeof accountEntity>): Promise<void> {
  await db().entities.account.create(account).go();
}

export async function getPackage(packageId: string): Promise<PackageItem | null> {
  const { data } = await db().entities.package.get({ package_id: packageId }).go();
  return data;
}

export async function insertPackage(pkg: CreateEntityItem<typeof packageEntity>): Promise<void> {
  await db().entities.package.create(pkg).go();
}
