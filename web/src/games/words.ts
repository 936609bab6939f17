// Compact words for any value of a view or command, for the generic board: a card object
// becomes its values joined ("blue 5"), a list its items joined, a command its type in words
// followed by its fields ("play card: blue 5").

export function words(value: unknown): string {
  if (value === null || value === undefined) return "-";
  if (Array.isArray(value)) return value.length ? value.map(words).join(", ") : "none";
  if (typeof value === "object") return Object.values(value as Record<string, unknown>).map(words).join(" ");
  return String(value);
}

export function commandWords(command: { type: string }): string {
  const { type, ...fields } = command as { type: string } & Record<string, unknown>;
  const named = Object.entries(fields)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([name, value]) => (typeof value === "object" ? words(value) : `${name} ${words(value)}`));
  const verb = type.replaceAll("_", " ");
  return named.length ? `${verb}: ${named.join("; ")}` : verb;
}
