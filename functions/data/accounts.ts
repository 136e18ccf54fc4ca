import { db, type AccountItem, type PackageItem } from './entities';

export async function getAccount(accountId: string): Promise<AccountItem | null> {
  const { data } = await db().entities.account.get({ account_id: accountId }).go();
  return data;
}

export async function insertAccount(
  account: Omit<AccountItem, 'status' | 'created_at' | 'updated_at'>,
): Promise<void> {
  await db().entities.account.create(account).go();
}

export async function getPackage(packageId: string): Promise<PackageItem | null> {
  const { data } = await db().entities.package.get({ package_id: packageId }).go();
  return data;
}

export async function insertPackage(
  pkg: Omit<PackageItem, 'status' | 'created_at' | 'updated_at'>,
): Promise<void> {
  await db().entities.package.create(pkg).go();
}
