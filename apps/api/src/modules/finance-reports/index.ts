// The finance reports' public face (issue 12 §4): income statement, income and expenditure, cash flow, account analysis.
export { financeReportRoutes } from './routes.js';
