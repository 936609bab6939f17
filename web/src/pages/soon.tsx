// Pages still to come, and addresses that name no page.
import { Link } from "../router";

export function NotHere({ what }: { what: string }) {
  return (
    <main class="panel">
      <p>{what}</p>
      <Link href="/">back to the lobby</Link>
    </main>
  );
}
