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
import type { Account } from '@shared/schemas/accounts';
import type { AccountPurchase } from '@shared/schemas/licences';
import { usePurchases } from './api';
import { DetailRow } from '@web/components/DetailRow';
import { PageLoader } from '@web/components/PageLoader';
import { formatAmount, formatDay } from './text';

/** "#1–#5", "#7"; '—' for a purchase recorded before its numbers were kept. */
function numbersText({ first_licence_no: first, last_licence_no: last }: AccountPurchase): string {
  if (first === null || last === null) return '—';
  return first === last ? `#${first}` : `#${first}–#${last}`;
}

/**
 * The account's package and its dates, and its licence purchases as they were recorded (GET
 * /admin/account/{id}/purchases): the count, the numbers given out, the amount and the date, as
 * the dashboard's recent purchases have them, whatever became of the licences since.
 */
export function BillingSection({ account }: { account: Account }) {
  const { data: purchases, isLoading } = usePurchases(account.id);
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
        ) : !purchases?.length ? (
          <Text>No licences have been purchased yet.</Text>
        ) : (
          <Table caption={<VisuallyHidden>Licence purchases</VisuallyHidden>} variation="striped">
            <TableHead>
              <TableRow>
                <TableCell as="th">Purchase date</TableCell>
                <TableCell as="th">Licences</TableCell>
                <TableCell as="th">Numbers</TableCell>
                <TableCell as="th">Amount</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {purchases.map((purchase) => (
                <TableRow key={purchase.id}>
                  <TableCell>{formatDay(purchase.purchase_date)}</TableCell>
                  <TableCell>{purchase.count}</TableCell>
                  <TableCell>{numbersText(purchase)}</TableCell>
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
