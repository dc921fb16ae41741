import { Navigate } from 'react-router';
import { useMe } from '../../app/AppData.tsx';
import { MENU, visibleItems } from '../../app/navigation.ts';
import SectionHome from '../../app/shell/SectionHome.tsx';

/** /vehicles: straight to the first screen of the section the user may open (menu order). */
export default function VehiclesHome() {
  const { permissions } = useMe();
  const app = MENU.find((a) => a.key === 'vehicles');
  const first = app ? visibleItems(app, permissions)[0] : undefined;
  return first ? <Navigate to={first.path} replace /> : <SectionHome />;
}
