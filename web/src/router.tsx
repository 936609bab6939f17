// Client-side routing over the pages the service answers with index.html: `/` (lobby),
// `/play/{id}`, `/replay/{id}`, `/boards/{kind}`, `/people/{name}`, `/rules/{kind}`, `/data` (the
// datasets), `/tourneys` and `/tourneys/{id}` (the tournaments). Links push history
// entries; the back button pops them.
import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";

export type Route =
  | { page: "lobby" }
  | { page: "data" }
  | { page: "tourneys" }
  | { page: "tourney"; id: string }
  | { page: "play"; id: string }
  | { page: "replay"; id: string }
  | { page: "board"; kind: string }
  | { page: "person"; name: string }
  | { page: "rules"; kind: string }
  | { page: "missing"; path: string };

export function routeOf(path: string): Route {
  const [first, second, ...rest] = path.split("/").slice(1).map(decodeURIComponent);
  if (!first) return { page: "lobby" };
  if (first === "data" && !second) return { page: "data" };
  if (first === "tourneys" && !second) return { page: "tourneys" };
  if (second && rest.length === 0) {
    if (first === "play") return { page: "play", id: second };
    if (first === "replay") return { page: "replay", id: second };
    if (first === "boards") return { page: "board", kind: second };
    if (first === "people") return { page: "person", name: second };
    if (first === "rules") return { page: "rules", kind: second };
    if (first === "tourneys") return { page: "tourney", id: second };
  }
  return { page: "missing", path };
}

const listeners = new Set<() => void>();

export function navigate(path: string): void {
  history.pushState(null, "", path);
  listeners.forEach((listener) => listener());
}

export function useRoute(): Route {
  const [path, setPath] = useState(location.pathname);
  useEffect(() => {
    const update = (): void => setPath(location.pathname);
    listeners.add(update);
    window.addEventListener("popstate", update);
    return () => {
      listeners.delete(update);
      window.removeEventListener("popstate", update);
    };
  }, []);
  return routeOf(path);
}

export function Link({ href, children, class: className, testId }: { href: string; children: ComponentChildren; class?: string; testId?: string }) {
  const follow = (event: MouseEvent): void => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    <a href={href} onClick={follow} class={className} data-testid={testId}>
      {children}
    </a>
  );
}
