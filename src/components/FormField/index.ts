export { FormField, messageFor, type FieldError } from './FormField';
export { VerificationCodeField } from './VerificationCodeField';
