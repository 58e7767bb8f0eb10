export { default as DepartmentReports } from './department-reports';
export { default as DownloadCenter } from './download-center';
