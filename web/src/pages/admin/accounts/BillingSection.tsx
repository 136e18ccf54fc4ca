import {
  Flex,
  Heading,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Text,
  VisuallyHidden,
} from '@aws-amplify/ui-react';
import type { Account } from '../../../../../shared/schemas/accounts';
import type { Licence } from '../../../../../shared/schemas/licences';
import { useAllLicences } from '../../../api/admin-accounts';
import { DetailRow } from '../../../components/DetailRow';
import { PageLoader } from '../../../components/PageLoader';
import { formatAmount, formatDay } from './text';

/** One purchase: the licences added together (one ADD LICENSE), which share their creation time. */
export interface Purchase {
  key: string;
  purchase_date: string;
  expiration_date: string;
  order_no: string | null;
  count: number;
  /** The sum of the licences' amounts, or null when none has one. */
  amount: number | null;
  numbers: number[];
}

/** Groups licences by purchase, newest purchase first. */
export function purchasesOf(licences: Licence[]): Purchase[] {
  const byKey = new Map<string, Purchase>();
  for (const licence of licences) {
    const key = `${licence.created_at}|${licence.order_no ?? ''}`;
    const purchase = byKey.get(key) ?? {
      key,
      purchase_date: licence.purchase_date,
      expiration_date: licence.expiration_date,
      order_no: licence.order_no,
      count: 0,
      amount: null,
      numbers: [],
    };
    purchase.count += 1;
    if (licence.amount != null)
      purchase.amount = Math.round(((purchase.amount ?? 0) + licence.amount) * 100) / 100;
    purchase.numbers.push(licence.licence_no);
    byKey.set(key, purchase);
  }
  return [...byKey.values()]
    .map((purchase) => ({ ...purchase, numbers: purchase.numbers.toSorted((a, b) => a - b) }))
    .sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0));
}

/** "#1–#5", "#7", or "#1, #3 …" when numbers were deleted in between. */
function numbersText(numbers: number[]): string {
  const first = numbers[0];
  const last = numbers.at(-1);
  if (first === undefined || last === undefined) return '';
  if (first === last) return `#${first}`;
  if (last - first + 1 === numbers.length) return `#${first}–#${last}`;
  return numbers.map((n) => `#${n}`).join(', ');
}

/** The account's package and its dates, and its licence purchases (admin-and-auth §2, issue: Billing). */
export function BillingSection({ account }: { account: Account }) {
  const { data: licences, isLoading } = useAllLicences(account.id);
  const purchases = purchasesOf(licences ?? []);
  return (
    <Flex direction="column" gap="large">
      <Flex as="dl" direction="column" gap="small" margin="0">
        <DetailRow label="Package">{account.package?.name ?? '—'}</DetailRow>
        <DetailRow label="Package start date">{formatDay(account.package_start_date)}</DetailRow>
        <DetailRow label="Package end date">{formatDay(account.package_end_date)}</DetailRow>
      </Flex>
      <Flex direction="column" gap="small">
        <Heading level={3}>Licence purchases</Heading>
        {isLoading ? (
          <PageLoader />
        ) : purchases.length === 0 ? (
          <Text>No licences have been purchased yet.</Text>
        ) : (
          <Table caption={<VisuallyHidden>Licence purchases</VisuallyHidden>} variation="striped">
            <TableHead>
              <TableRow>
                <TableCell as="th">Purchase date</TableCell>
                <TableCell as="th">Licences</TableCell>
                <TableCell as="th">Numbers</TableCell>
                <TableCell as="th">Order number</TableCell>
                <TableCell as="th">Expiration date</TableCell>
                <TableCell as="th">Amount</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {purchases.map((purchase) => (
                <TableRow key={purchase.key}>
                  <TableCell>{formatDay(purchase.purchase_date)}</TableCell>
                  <TableCell>{purchase.count}</TableCell>
                  <TableCell>{numbersText(purchase.numbers)}</TableCell>
                  <TableCell>{purchase.order_no ?? '—'}</TableCell>
                  <TableCell>{formatDay(purchase.expiration_date)}</TableCell>
                  <TableCell>{formatAmount(purchase.amount)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Flex>
    </Flex>
  );
}
