/** The layout breakpoints in px (the CSS uses the same), for media queries in code. */
export const BREAKPOINTS = { sm: 576, md: 768, lg: 992, xl: 1200 } as const;
