// The departments area's public face: Download Center, departments and their reports.
export { fillDemoDepartments, smallPdf } from './demo.js';
// The Download Center's upload check (content, size) and file sending, which E-Learning reuses.
export { checkedUpload, departmentRoutes, sendKept } from './routes.js';
