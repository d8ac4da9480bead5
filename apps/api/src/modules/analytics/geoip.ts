// Optional GeoIP: country, region and city from a MaxMind-format database (.mmdb: GeoLite2-City or -Country,
// DB-IP's free "lite" files, ...) that the operator downloads and names in ANALYTICS_GEOIP_DB. Nothing is
// downloaded by the app; without the setting the location fields stay empty.
import maxmind, { type CityResponse, type Reader } from 'maxmind';

export interface Location {
  country: string | null;
  region: string | null;
  city: string | null;
}
export type GeoLookup = (ip: string) => Location;

const NOWHERE: Location = { country: null, region: null, city: null };

export async function openGeoIp(path: string | undefined, log: (message: string) => void): Promise<GeoLookup> {
  if (!path) return () => NOWHERE;
  let reader: Reader<CityResponse>;
  try {
    reader = await maxmind.open<CityResponse>(path, { watchForUpdates: false });
  } catch (error) {
    // A wrong path must not stop the shop: log it and carry on without locations.
    log(`GeoIP database ${path} could not be opened (${(error as Error).message}); locations stay empty`);
    return () => NOWHERE;
  }
  return (ip) => {
    try {
      const found = maxmind.validate(ip) ? reader.get(ip) : null;
      if (!found) return NOWHERE;
      return {
        country: found.country?.iso_code ?? found.registered_country?.iso_code ?? null,
        region: found.subdivisions?.[0]?.names?.en?.slice(0, 64) ?? null,
        city: found.city?.names?.en?.slice(0, 64) ?? null,
      };
    } catch {
      return NOWHERE;
    }
  };
}
