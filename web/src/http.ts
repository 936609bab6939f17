// The service's HTTP API as the web client uses it: every type comes from the generated
// src/api.d.ts; `call` sends a request and turns a refusal into a `Refusal` holding the
// server's problem+json (whose `detail` is the sentence shown to people).
import type { components } from "./api";

export type Schemas = components["schemas"];
export type TableView = Schemas["TableView"];
export type Kind = TableView["kind"];
export type Command = Schemas["AnyCommand"];
export type KindInfo = Schemas["KindInfo"];
export type LobbyPage = Schemas["LobbyPage"];
export type LobbyTable = Schemas["LobbyTable"];
export type TablePage = Schemas["TablePage"];
export type TableSummary = Schemas["TableSummary"];
export type Problem = Schemas["Problem"];
export type SeatGranted = Schemas["SeatGranted"];
export type GameCreated = Schemas["GameCreated"];
export type StreamTicket = Schemas["StreamTicket"];
export type Standing = Schemas["Standing"];

export class Refusal extends Error {
  readonly problem: Problem;

  constructor(problem: Problem) {
    super(problem.detail);
    this.problem = problem;
  }
}

interface Call {
  method?: "GET" | "POST" | "DELETE";
  token?: string | null;
  body?: unknown;
}

const PROBLEM = "application/problem+json";

export async function call<T>(path: string, { method = "GET", token = null, body }: Call = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers["Authorization"] = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const init: RequestInit = { method, headers };
  if (body !== undefined) init.body = JSON.stringify(body);
  const response = await fetch(path, init);
  if (!response.ok) throw await refusal(response);
  return (await response.json()) as T;
}

async function refusal(response: Response): Promise<Refusal> {
  if ((response.headers.get("Content-Type") ?? "").startsWith(PROBLEM)) {
    return new Refusal((await response.json()) as Problem);
  }
  const detail = `The service answered ${response.status} ${response.statusText}.`;
  return new Refusal({ type: "about:blank", title: response.statusText, status: response.status, detail, code: "unexpected" });
}

/** The sentence to show a person for anything a request threw. */
export function sentence(error: unknown): string {
  if (error instanceof Refusal) return error.problem.detail;
  if (error instanceof TypeError) return "The service could not be reached; try again.";
  return String(error);
}
