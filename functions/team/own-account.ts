import type { MeAccount } from '@shared/schemas/me';
import type { clientAccountSchema } from '@shared/schemas/team';
import type * as z from 'zod';
import type { ClientPrincipal } from '@core/auth/principal';
import { acceptUpload, releaseFiles, savingFiles } from '@core/files/uploads';
import { saveAccount } from '@core/people/account-store';
import { meAccount } from '../me';

type OwnAccountChanges = z.output<typeof clientAccountSchema>;

/**
 * PUT /client/account: an Account Admin changes their own account's name, address and logo (a
 * logo left out is kept, blank optional fields are cleared); the package, its dates, the domain
 * and the status stay as the platform set them. Answers the account as the client header shows it.
 */
export async function updateOwnAccount(
  principal: ClientPrincipal,
  input: OwnAccountChanges,
): Promise<MeAccount> {
  const { account } = principal;
  const logo =
    input.logo_uri && input.logo_uri !== account.logo_uri
      ? await acceptUpload(principal, 'account-logo', 'logo_uri', input.logo_uri)
      : undefined;
  const saved = await savingFiles([logo], () =>
    saveAccount(
      account,
      {
        name: input.name,
        address: input.address,
        city: input.city,
        state: input.state,
        country: input.country,
        zipcode: input.zipcode,
        logo_uri: logo?.key ?? account.logo_uri,
        domain: account.domain,
        package_id: account.package_id,
        package_start_date: account.package_start_date,
        package_end_date: account.package_end_date,
        status: account.status,
      },
      undefined,
      {
        principal,
        component: 'Account',
        componentId: account.account_id,
        activity: `Updated account ${input.name}`,
      },
    ),
  );
  // The logo it replaced is deleted.
  if (logo) await releaseFiles(account.account_id, [account.logo_uri]);
  return meAccount(saved);
}
