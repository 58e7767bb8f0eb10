/**
 * @somero/grading: Uganda's grading rules as pure functions (no I/O). Every table is data with a
 * default from DOMAIN.md; the API keeps the school's own tables and passes them in.
 */
export * from './alevel.js';
export * from './compulsory.js';
export * from './marks.js';
export * from './nlsc.js';
export * from './olevel.js';
export * from './olevel-key.js';
