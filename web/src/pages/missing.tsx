// A page for an address the client has nothing at.
import { Link } from "../router";

export function NotHere({ what }: { what: string }) {
  return (
    <main class="panel" data-testid="not-found">
      <h1>Not found</h1>
      <p>{what}</p>
      <Link href="/">back to the lobby</Link>
    </main>
  );
}
