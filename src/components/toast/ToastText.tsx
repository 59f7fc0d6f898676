/** A toast's text when the server said why: the spec's message as the title, the reason on the line beneath. */
export function ToastText({ title, description }: { title: string; description: string }) {
  return (
    <>
      <div style={{ fontWeight: 600 }}>{title}</div>
      <div style={{ marginTop: 4 }}>{description}</div>
    </>
  );
}
