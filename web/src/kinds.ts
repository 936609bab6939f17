// The kinds the service hosts (`GET /games/kinds`), fetched once per page load.
import { useEffect, useState } from "preact/hooks";
import { call, type KindInfo } from "./http";

let loading: Promise<KindInfo[]> | null = null;

export function useKinds(): KindInfo[] {
  const [kinds, setKinds] = useState<KindInfo[]>([]);
  useEffect(() => {
    loading ??= call<KindInfo[]>("/games/kinds");
    loading.then(setKinds).catch(() => (loading = null));
  }, []);
  return kinds;
}

export function titleOf(kinds: KindInfo[], kind: string): string {
  return kinds.find((info) => info.kind === kind)?.title ?? kind;
}
