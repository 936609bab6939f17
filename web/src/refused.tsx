// A refusal's sentence, where the clicking convention expects it (`data-testid="refusal"`).
export function Refused({ sentence }: { sentence: string | null }) {
  if (!sentence) return null;
  return (
    <p class="refusal" data-testid="refusal" role="alert">
      {sentence}
    </p>
  );
}
