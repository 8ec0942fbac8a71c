import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { paths } from '../paths';

/** The top of every Kit tool: a Back button to the hub, the logo, the tool's name (spec 002 §2.2, §2.3). */
export function KitToolHeader({ title }: { title: string }) {
  return (
    <>
      <div className="flex items-center justify-between gap-3">
        <Button asChild variant="secondary" size="sm">
          <Link to={paths.creatorTools}>
            <ArrowLeft className="size-4" aria-hidden="true" /> Back
          </Link>
        </Button>
        <Logo className="h-6" />
      </div>
      <h1 className="text-2xl font-bold tracking-tight text-fg">{title}</h1>
    </>
  );
}
