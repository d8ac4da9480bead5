// Placeholder until this screen's feature lands: keep the export name, replace the body.
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export function MainPanelPage() {
  return <PlaceholderPage titleKey="pages.mainPanel" />;
}
