// A page for an address the client has nothing at.
import { Link } from "../router";

export function NotHere({ what }: { what: string }) {
  return (
    <main class="panel">
      <p>{what}</p>
      <Link href="/">back to the lobby</Link>
    </main>
  );
}
