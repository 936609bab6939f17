// The games' own rules pages (docs/games/<kind>.md), bundled into the client as text.
declare module "*.md" {
  const text: string;
  export default text;
}
