import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { paths } from '../paths';

/** The Back button of every Kit tool: it goes to the hub (spec 002 §2.2, §2.3). */
export function KitBackLink() {
  return (
    <Button asChild variant="secondary" size="sm">
      <Link to={paths.creatorTools}>
        <ArrowLeft className="size-4" aria-hidden="true" /> Back
      </Link>
    </Button>
  );
}
