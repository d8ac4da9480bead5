// A vehicle's spec card (issue #28): oil, filters, tyres, wipers, battery, plugs. Staff see it on the vehicle
// page with an edit dialog and, on an empty card, "Fill from VIN" (the decoded engine goes into the notes:
// the VIN data has no oil or filter references, so nothing else is guessed). The client sees their own
// vehicle's card read-only (nothing when it is empty). Pressures show psi beside bar for a vehicle in miles.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ClipboardList, Pencil, ScanLine } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { barToPsi, type VehicleSpecView } from '@garage/shared/schemas/vehicle-spec';
import type { VinDecodeResult } from '@garage/shared/schemas/vehicles';
import { FactList, type Fact } from '../../components/fact-list.tsx';
import { FormDialog } from '../../components/form-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardAction, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { SpecCardForm, specFormValues } from './spec-card-form.tsx';

type DistanceUnit = 'KM' | 'MI';

/** 4.5 → "4.5" / "4,5" in the page's language, Latin digits as everywhere in the app. */
const decimalText = (value: number, language: string) =>
  new Intl.NumberFormat(`${language}-u-nu-latn`, { maximumFractionDigits: 1 }).format(value);

/** The filled fields as label/value rows, in the card's order; blank fields are left out. */
export function specFacts(spec: VehicleSpecView, unit: DistanceUnit, t: TFunction, language: string): Fact[] {
  const pressure = (bar: number | null) => {
    if (bar === null) return null;
    const value = decimalText(bar, language);
    return unit === 'MI' ? t('specCard:values.barPsi', { value, psi: barToPsi(bar) }) : t('specCard:values.bar', { value });
  };
  const rows: [string, string | null][] = [
    ['oilGrade', spec.oilGrade],
    [
      'oilCapacityLitres',
      spec.oilCapacityLitres === null ? null : t('specCard:values.litres', { value: decimalText(spec.oilCapacityLitres, language) }),
    ],
    ['oilFilterRef', spec.oilFilterRef],
    ['airFilterRef', spec.airFilterRef],
    ['cabinFilterRef', spec.cabinFilterRef],
    ['fuelFilterRef', spec.fuelFilterRef],
    ['tyreSizeFront', spec.tyreSizeFront],
    ['tyreSizeRear', spec.tyreSizeRear],
    ['tyrePressureFrontBar', pressure(spec.tyrePressureFrontBar)],
    ['tyrePressureRearBar', pressure(spec.tyrePressureRearBar)],
    ['wiperDriver', spec.wiperDriver],
    ['wiperPassenger', spec.wiperPassenger],
    ['wiperRear', spec.wiperRear],
    ['battery', spec.battery],
    ['sparkPlugs', spec.sparkPlugs],
  ];
  return rows.filter((row): row is [string, string] => row[1] !== null).map(([field, value]) => [t(`specCard:fields.${field}`), value]);
}

/** Never saved, or saved with every field blank. */
const isEmpty = (spec: VehicleSpecView) =>
  Object.entries(spec).every(([key, value]) => key === 'vehicleId' || key === 'updatedAt' || value === null);

function SpecFacts({ spec, unit }: { spec: VehicleSpecView; unit: DistanceUnit }) {
  const { t, i18n } = useTranslation('specCard');
  return (
    <div className="flex flex-col gap-3">
      <FactList facts={specFacts(spec, unit, t, i18n.language)} className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3 lg:grid-cols-4" />
      {spec.notes && (
        <p className="whitespace-pre-line text-sm">
          <span className="text-muted-foreground">{t('fields.notes')}: </span>
          {/* Typed text keeps its own direction inside the page's (a Latin note in an Arabic page). */}
          <bdi dir="auto">{spec.notes}</bdi>
        </p>
      )}
    </div>
  );
}

/** "2.0 L, 4 cyl., Gasoline (K20A)": what the decoded VIN says about the engine, or null when nothing. */
export function engineFromVin(decoded: VinDecodeResult, t: TFunction, language: string): string | null {
  const engine = decoded.engine;
  const parts = [
    engine?.displacementL ? t('specCard:fromVin.litres', { value: decimalText(engine.displacementL, language) }) : null,
    engine?.cylinders ? t('specCard:fromVin.cylinders', { count: engine.cylinders }) : null,
    decoded.fuelType,
  ].filter(Boolean);
  if (parts.length === 0 && !engine?.model) return null;
  const text = parts.join(', ');
  return engine?.model ? `${text}${text ? ' ' : ''}(${engine.model})` : text;
}

/** The staff card on the vehicle page: read, edit, and fill an empty card from the VIN. */
export function SpecCard({ vehicleId }: { vehicleId: string }) {
  const { t, i18n } = useTranslation(['specCard', 'common']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const spec = useQuery(trpc.vehicleSpecs.get.queryOptions({ vehicleId }));
  // The page has read the vehicle already: its VIN and unit come from the cache.
  const vehicle = useQuery(trpc.vehicles.get.queryOptions({ id: vehicleId }));
  const [form, setForm] = useState<ReturnType<typeof specFormValues> | null>(null);
  const [decoding, setDecoding] = useState(false);
  const car = vehicle.data as ({ vin?: string | null; distanceUnit?: DistanceUnit } & object) | undefined;
  const unit: DistanceUnit = car?.distanceUnit ?? 'KM';
  const vin = car?.vin ?? null;

  const fillFromVin = async () => {
    if (!vin || !spec.data) return;
    setDecoding(true);
    try {
      const decoded = await queryClient.fetchQuery(trpc.vehicles.decodeVin.queryOptions({ vin }));
      const engine = engineFromVin(decoded, t, i18n.language);
      if (!engine) {
        toast(t('specCard:fromVin.nothing'), { icon: 'ℹ️' });
        return;
      }
      setForm(specFormValues(spec.data, { notes: t('specCard:fromVin.engine', { engine }) }));
      toast(t('specCard:fromVin.filled'), { icon: 'ℹ️' });
    } catch {
      toast.error(t('specCard:fromVin.failed'));
    } finally {
      setDecoding(false);
    }
  };

  return (
    <Card data-testid="spec-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ClipboardList className="size-4" aria-hidden="true" />
          {t('specCard:title')}
        </CardTitle>
        {spec.data && !isEmpty(spec.data) && (
          <CardAction>
            <Button variant="outline" className="h-11" onClick={() => setForm(specFormValues(spec.data))} data-testid="spec-card-edit">
              <Pencil />
              {t('specCard:actions.edit')}
            </Button>
          </CardAction>
        )}
      </CardHeader>
      <CardContent>
        {spec.isPending && <Skeleton className="h-20 w-full" />}
        {spec.isError && <p className="text-sm text-destructive">{t('specCard:errors.loadFailed')}</p>}
        {spec.data && !isEmpty(spec.data) && <SpecFacts spec={spec.data} unit={unit} />}
        {spec.data && isEmpty(spec.data) && (
          <div className="flex flex-col gap-3">
            <p className="text-sm text-muted-foreground">{t('specCard:empty')}</p>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button className="h-11" onClick={() => setForm(specFormValues(spec.data))} data-testid="spec-card-fill">
                <Pencil />
                {t('specCard:actions.fill')}
              </Button>
              {vin && (
                <Button variant="outline" className="h-11" disabled={decoding} onClick={fillFromVin} data-testid="spec-card-from-vin">
                  <ScanLine />
                  {t('specCard:actions.fillFromVin')}
                </Button>
              )}
            </div>
          </div>
        )}
      </CardContent>
      <FormDialog open={form !== null} onOpenChange={(open) => !open && setForm(null)} title={t('specCard:title')}>
        {form && <SpecCardForm vehicleId={vehicleId} values={form} onDone={() => setForm(null)} />}
      </FormDialog>
    </Card>
  );
}

/** The client's read-only card on their vehicle page; nothing while the shop has not filled it. */
export function MySpecCard({ vehicleId }: { vehicleId: string }) {
  const { t } = useTranslation('specCard');
  const trpc = useTRPC();
  const spec = useQuery(trpc.myVehicleSpecs.get.queryOptions({ vehicleId }));
  const vehicle = useQuery(trpc.myVehicles.get.queryOptions({ id: vehicleId }));
  if (!spec.data || isEmpty(spec.data)) return null;
  const unit = (vehicle.data as { distanceUnit?: DistanceUnit } | undefined)?.distanceUnit ?? 'KM';
  return (
    <Card data-testid="my-spec-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ClipboardList className="size-4" aria-hidden="true" />
          {t('title')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <SpecFacts spec={spec.data} unit={unit} />
      </CardContent>
    </Card>
  );
}
