export { EntityList } from './EntityList';
export { EntityForm } from './EntityForm';
export * from './inputs';
export * from './fields';
export { RefField } from './RefField';
