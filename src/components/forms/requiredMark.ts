/** The red asterisk after a required field's label, as CSS content so it never joins the label's text. */
export const REQUIRED_MARK = { content: '" *"', color: 'fg.error' } as const;
