import {
  IconAdjustmentsHorizontal,
  IconArmchair,
  IconBatteryAutomotive,
  IconBulb,
  IconCar,
  IconCarDoor,
  IconCarFan,
  IconCheckbox,
  IconDisc,
  IconDroplet,
  IconEngine,
  IconFilter,
  IconGasStation,
  IconGauge,
  IconListCheck,
  IconNumber,
  IconRuler,
  IconSelect,
  IconSteeringWheel,
  IconTemperature,
  IconTextCaption,
  IconTool,
  IconWheel,
  IconWiper,
  type Icon,
} from '@tabler/icons-react';
import type { FieldType } from '@atelier/domain';

/** The icons a form can name for a section or field (its `icon` attribute), shared with the form editor. */
export const FORM_ICONS: ReadonlyMap<string, Icon> = new Map([
  ['car', IconCar],
  ['engine', IconEngine],
  ['oil', IconDroplet],
  ['battery', IconBatteryAutomotive],
  ['tire', IconWheel],
  ['brake', IconDisc],
  ['light', IconBulb],
  ['wiper', IconWiper],
  ['steering', IconSteeringWheel],
  ['gauge', IconGauge],
  ['door', IconCarDoor],
  ['seat', IconArmchair],
  ['fuel', IconGasStation],
  ['temperature', IconTemperature],
  ['fan', IconCarFan],
  ['filter', IconFilter],
  ['tool', IconTool],
  ['measure', IconRuler],
]);

const BY_TYPE: Record<FieldType, Icon> = {
  CHECK: IconCheckbox,
  SELECT_SINGLE: IconSelect,
  SELECT_MULTIPLE: IconListCheck,
  NUMBER: IconNumber,
  RANGE_SLIDER: IconAdjustmentsHorizontal,
  TEXT: IconTextCaption,
  STATE_WIDGET: IconCar,
  BATTERY_STATE_WIDGET: IconBatteryAutomotive,
  GAS_BATTERY_STATE_WIDGET: IconBatteryAutomotive,
  TIRE_STATE_WIDGET: IconWheel,
  DRUM_THICKNESS_WIDGET: IconDisc,
  PAD_THICKNESS_WIDGET: IconDisc,
};

/** The icon a field shows: the one it names, else its type's. */
export function fieldIcon(icon: string | null, type: FieldType): Icon {
  return (icon ? FORM_ICONS.get(icon) : undefined) ?? BY_TYPE[type];
}

/** A section's icon, when it names a known one. */
export function sectionIcon(icon: string | null): Icon | null {
  return (icon ? FORM_ICONS.get(icon) : undefined) ?? null;
}
