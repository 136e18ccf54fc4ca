import { DisplayClock } from './clock';
import { dateTimeIn } from './room';

/**
 * A screen no account has taken yet: its activation code, large enough to read across a room,
 * and what to do with it. A poll after the code expires brings a new one.
 */
export function CodeScreen({ code, expiresAt, zone }: { code: string; expiresAt: string; zone: string }) {
  return (
    <div className="code-screen">
      <h1>Set up this screen</h1>
      <p className="code-label">Screen ID number</p>
      <p className="code" data-testid="activation-code">
        {code}
      </p>
      <ol className="code-steps">
        <li>Sign in to Spaces on a computer or phone.</li>
        <li>Go to Venues, then Screens, and choose Add new.</li>
        <li>Enter this code as the Screen ID number and choose the room.</li>
      </ol>
      <p className="code-expiry">
        This code is valid until {dateTimeIn(Date.parse(expiresAt), zone)}. A new one shows after that.
      </p>
      <DisplayClock zone={zone} />
    </div>
  );
}
