/** A place on the map, in decimal degrees (WGS 84). */
export interface LatLon {
  lat: number;
  lon: number;
}
