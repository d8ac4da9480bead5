// What a detail screen shows instead when its subject cannot be loaded (not found, or the request failed),
// with the way back when there is one.
import { Link } from 'react-router-dom';
import type { Back } from './page-header.tsx';
import { Button } from './ui/button.tsx';
import { Card } from './ui/card.tsx';

export function LoadErrorCard({ message, back }: { message: string; back?: Back }) {
  if (!back) return <Card className="p-8 text-center">{message}</Card>;
  return (
    <Card className="p-8 text-center">
      <p className="mb-4">{message}</p>
      <Button asChild variant="outline">
        <Link to={back.to}>{back.label}</Link>
      </Button>
    </Card>
  );
}
