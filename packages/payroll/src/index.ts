/**
 * @somero/payroll: Uganda's statutory payroll rules as pure functions (no I/O): PAYE, NSSF, Local
 * Service Tax, advances and a month's net pay (DOMAIN §6). Every band and rate is dated data with a
 * default from DOMAIN.md, passed in as an argument, so next year's budget adds a table, not code.
 * Every amount returned is a whole shilling.
 */
export * from './advance.js';
export * from './lst.js';
export * from './money.js';
export * from './nssf.js';
export * from './pay.js';
export * from './paye.js';
