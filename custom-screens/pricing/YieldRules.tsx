// Yield rules (/yield-rule-list, /yield-rule/:yieldRuleId): per place type and target
// nights, a condition (occupancy of the type, or days before arrival) against a threshold,
// an adjustment in % or in euros per night, and the floor and ceiling the price keeps to.
import { BooleanField, BooleanInput, FunctionField, ReferenceField, TextField, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { meta } from '../../common/generated/meta/yield-rule';
import { choicesOf } from './common';
import {
  DateFr,
  DateInputFr,
  EntityForm,
  EntityList,
  EnumInput,
  FormRow,
  MoneyField,
  MoneyInput,
  NumberFr,
  NumberInputFr,
  RateInput,
  RefInput,
  euros,
  type Row,
} from '../../admin/src/ui';

const PERCENT = 1;
const OCCUPANCY = 1;

/** « +10 % » or « −5,00 € par nuit ». */
export function adjustmentText(r: Row): string {
  const v = Number(r.adjustment ?? 0);
  const sign = v > 0 ? '+' : v < 0 ? '−' : '';
  if (r.adjustmentUnit === PERCENT) return `${sign}${(Math.abs(v) / 100).toLocaleString('fr-FR')} %`;
  return `${sign}${euros(Math.abs(v))} par nuit`;
}

/** « Occupation ≥ 80 % » or « Arrivée dans ≤ 7 jours ». */
export function conditionText(r: Row): string {
  const op = r.operator === 1 ? '≥' : '≤';
  if (r.condition === OCCUPANCY) return `Occupation ${op} ${r.threshold} %`;
  return `Arrivée dans ${op} ${r.threshold} ${Number(r.threshold) > 1 ? 'jours' : 'jour'}`;
}

export function YieldRuleList() {
  return (
    <EntityList meta={meta}>
      <NumberFr source="priority" label="Priorité" />
      <TextField source="label" label="Libellé" />
      <ReferenceField source="placeTypeId" label="Type d'emplacement" reference="place-type" link={false} />
      <DateFr source="startDate" label="Nuits du" />
      <DateFr source="endDate" label="au (exclu)" />
      <FunctionField label="Condition" render={(r: Row) => conditionText(r)} />
      <FunctionField label="Ajustement" render={(r: Row) => adjustmentText(r)} />
      <MoneyField source="floorPrice" label="Plancher" />
      <MoneyField source="ceilingPrice" label="Plafond" />
      <BooleanField source="isActive" label="Active" />
    </EntityList>
  );
}

function AdjustmentInput() {
  const unit = useWatch({ name: 'adjustmentUnit' });
  return unit === PERCENT ? (
    <RateInput source="adjustment" label="Ajustement (%, négatif pour baisser)" isRequired />
  ) : (
    <MoneyInput source="adjustment" label="Ajustement par nuit (€, négatif pour baisser)" isRequired />
  );
}

function ThresholdInput() {
  const condition = useWatch({ name: 'condition' });
  const label = condition === OCCUPANCY ? "Seuil d'occupation (%)" : 'Seuil (jours avant l’arrivée)';
  return <NumberInputFr source="threshold" label={label} integer isRequired />;
}

export function YieldRuleEdit() {
  return (
    <EntityForm meta={meta}>
      <FormRow>
        <TextInput source="label" label="Libellé" isRequired />
        <RefInput source="placeTypeId" label="Type d'emplacement" reference="place-type" optionText="label" />
        <NumberInputFr source="priority" label="Priorité (la plus petite d'abord)" integer />
        <BooleanInput source="isActive" label="Active" />
      </FormRow>
      <FormRow>
        <DateInputFr source="startDate" label="Nuits à partir du" />
        <DateInputFr source="endDate" label="Jusqu'au (exclu)" />
      </FormRow>
      <FormRow>
        <EnumInput source="condition" label="Condition" choices={choicesOf(meta, 'condition')} />
        <EnumInput source="operator" label="Comparaison" choices={choicesOf(meta, 'operator')} />
        <ThresholdInput />
      </FormRow>
      <FormRow>
        <EnumInput source="adjustmentUnit" label="Ajustement" choices={choicesOf(meta, 'adjustmentUnit')} />
        <AdjustmentInput />
        <MoneyInput source="floorPrice" label="Prix plancher par nuit" isRequired />
        <MoneyInput source="ceilingPrice" label="Prix plafond par nuit" isRequired />
      </FormRow>
    </EntityForm>
  );
}
