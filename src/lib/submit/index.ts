export { apiErrorsShown, reportUnexpected } from './report';
export { settleSubmit, useSubmit, type SubmitOptions } from './useSubmit';
