/**
 * Business constants of the UI kit (spec 1 §9). Colours never live here: components use theme CSS variables.
 */
export const breakpoints = { xs: 480, sm: 768, md: 1024, lg: 1200, xl: 1600 } as const;

export const modalWidths = { default: 584, iframe: 584, feedback: 480 } as const;
export const modalZIndex = 1001;
export const popupMenuWidth = 304;
export const snackbarHideMs = 4000;
export const pageWidths = { xs: 420, sm: 552, md: 584 } as const;
export const wideWidths = { md: 944, lg: 992 } as const;
/** Sidebar layout sticks this far from the top (spec 1 §2.3). */
export const sidebarStickyTop = '4rem';
