/**
 * The geography of the demo portfolio: 23 US states ("75,000 units in 23 states", spec §1), each
 * with three to six real cities, their neighbourhoods, and a rent tier (typical monthly rent of a
 * one-bedroom in whole USD). ZIP codes and coordinates come from the `zipcodes` package
 * (see zip-codes.server.ts), so every city named here must exist there with that spelling.
 */

export type CatalogCity = {
  city: string;
  /** Two-letter USPS code. */
  state: string;
  /** Typical monthly rent of a one-bedroom apartment, whole USD. */
  rent1br: number;
  /** Relative share of the portfolio (1–4). */
  weight: number;
  neighborhoods: readonly string[];
};

const c = (city: string, state: string, rent1br: number, weight: number, neighborhoods: string[]): CatalogCity => ({
  city,
  state,
  rent1br,
  weight,
  neighborhoods,
});

export const CITIES: readonly CatalogCity[] = [
  // Texas
  c('Austin', 'TX', 1650, 4, ['South Congress', 'East Austin', 'Mueller', 'Zilker', 'Hyde Park', 'Downtown Austin']),
  c('Dallas', 'TX', 1500, 3, ['Uptown', 'Deep Ellum', 'Bishop Arts', 'Lower Greenville']),
  c('Houston', 'TX', 1350, 4, ['Montrose', 'The Heights', 'Midtown', 'Museum District', 'Rice Village']),
  c('San Antonio', 'TX', 1200, 2, ['Pearl District', 'King William', 'Southtown', 'Alamo Heights']),
  c('Fort Worth', 'TX', 1300, 2, ['Near Southside', 'Cultural District', 'Sundance Square', 'Fairmount']),
  // California
  c('San Francisco', 'CA', 3100, 3, ['Mission District', 'Hayes Valley', 'Noe Valley', 'SoMa', 'Pacific Heights']),
  c('Los Angeles', 'CA', 2600, 4, ['Silver Lake', 'Echo Park', 'Koreatown', 'Arts District', 'Los Feliz']),
  c('San Diego', 'CA', 2500, 3, ['North Park', 'Little Italy', 'Hillcrest', 'Pacific Beach']),
  c('Oakland', 'CA', 2400, 2, ['Rockridge', 'Temescal', 'Lake Merritt', 'Uptown Oakland']),
  c('Sacramento', 'CA', 1700, 2, ['Midtown Sacramento', 'East Sacramento', 'Land Park']),
  c('San Jose', 'CA', 2800, 2, ['Willow Glen', 'Japantown', 'Rose Garden']),
  // New York
  c('New York', 'NY', 3400, 4, ['Upper West Side', 'East Village', 'Chelsea', 'Harlem', 'Murray Hill']),
  c('Brooklyn', 'NY', 2900, 3, ['Park Slope', 'Williamsburg', 'Fort Greene', 'Bushwick']),
  c('Buffalo', 'NY', 1100, 1, ['Elmwood Village', 'Allentown', 'North Buffalo']),
  c('Rochester', 'NY', 1100, 1, ['Park Avenue', 'South Wedge', 'Neighborhood of the Arts']),
  c('Albany', 'NY', 1250, 1, ['Center Square', 'Pine Hills', 'Washington Park']),
  // Florida
  c('Miami', 'FL', 2300, 4, ['Brickell', 'Wynwood', 'Little Havana', 'Edgewater', 'Coconut Grove']),
  c('Orlando', 'FL', 1600, 2, ['Thornton Park', 'College Park', 'Mills 50', 'Baldwin Park']),
  c('Tampa', 'FL', 1650, 2, ['Hyde Park', 'Ybor City', 'Channel District', 'Seminole Heights']),
  c('Jacksonville', 'FL', 1350, 2, ['Riverside', 'San Marco', 'Avondale']),
  c('Fort Lauderdale', 'FL', 2000, 1, ['Las Olas', 'Victoria Park', 'Flagler Village']),
  // Illinois
  c('Chicago', 'IL', 1900, 4, ['Wicker Park', 'Lincoln Park', 'Logan Square', 'West Loop', 'Hyde Park', 'The Loop']),
  c('Evanston', 'IL', 1800, 1, ['Downtown Evanston', 'Central Street', 'Main-Dempster']),
  c('Naperville', 'IL', 1700, 1, ['Downtown Naperville', 'Riverwalk', 'Historic District']),
  c('Springfield', 'IL', 950, 1, ['Enos Park', 'Leland Grove', 'Downtown Springfield']),
  // Colorado
  c('Denver', 'CO', 1800, 4, ['LoDo', 'RiNo', 'Capitol Hill', 'Highland', 'Cherry Creek', 'Central Park']),
  c('Boulder', 'CO', 2000, 1, ['Pearl Street', 'North Boulder', 'University Hill', 'Whittier']),
  c('Colorado Springs', 'CO', 1400, 2, ['Old Colorado City', 'Ivywild', 'Patty Jewett']),
  c('Fort Collins', 'CO', 1500, 1, ['Old Town', 'Midtown', 'Campus West']),
  // Washington
  c('Seattle', 'WA', 2300, 4, ['Capitol Hill', 'Ballard', 'Fremont', 'Queen Anne', 'South Lake Union']),
  c('Tacoma', 'WA', 1600, 2, ['Stadium District', 'Proctor District', 'Hilltop']),
  c('Spokane', 'WA', 1200, 1, ["Browne's Addition", 'South Hill', 'Kendall Yards']),
  c('Bellevue', 'WA', 2400, 2, ['Downtown Bellevue', 'Crossroads', 'Wilburton']),
  // Massachusetts
  c('Boston', 'MA', 3000, 4, ['Back Bay', 'South End', 'Beacon Hill', 'Jamaica Plain', 'Seaport', 'North End']),
  c('Cambridge', 'MA', 3100, 2, ['Harvard Square', 'Central Square', 'Kendall Square', 'Inman Square']),
  c('Somerville', 'MA', 2700, 1, ['Davis Square', 'Union Square', 'Assembly Row']),
  c('Worcester', 'MA', 1600, 1, ['Shrewsbury Street', 'Canal District', 'West Side']),
  // Georgia
  c('Atlanta', 'GA', 1700, 4, ['Midtown', 'Inman Park', 'Old Fourth Ward', 'Virginia-Highland', 'Buckhead']),
  c('Savannah', 'GA', 1400, 1, ['Historic District', 'Starland', 'Ardsley Park']),
  c('Decatur', 'GA', 1600, 1, ['Downtown Decatur', 'Oakhurst', 'Winnona Park']),
  c('Athens', 'GA', 1200, 1, ['Five Points', 'Normaltown', 'Downtown Athens']),
  // Arizona
  c('Phoenix', 'AZ', 1450, 3, ['Roosevelt Row', 'Arcadia', 'Encanto', 'Downtown Phoenix']),
  c('Tucson', 'AZ', 1100, 2, ['Armory Park', 'Sam Hughes', 'Barrio Viejo']),
  c('Scottsdale', 'AZ', 1900, 2, ['Old Town Scottsdale', 'McCormick Ranch', 'Gainey Ranch']),
  c('Tempe', 'AZ', 1500, 1, ['Downtown Tempe', 'Tempe Town Lake', 'Maple-Ash']),
  // North Carolina
  c('Charlotte', 'NC', 1500, 3, ['South End', 'NoDa', 'Plaza Midwood', 'Dilworth', 'Uptown Charlotte']),
  c('Raleigh', 'NC', 1500, 2, ['Glenwood South', 'Oakwood', 'Five Points', 'Warehouse District']),
  c('Durham', 'NC', 1450, 2, ['Downtown Durham', 'Trinity Park', 'American Tobacco District']),
  c('Asheville', 'NC', 1500, 1, ['West Asheville', 'Montford', 'River Arts District']),
  // Tennessee
  c('Nashville', 'TN', 1700, 3, ['The Gulch', 'East Nashville', '12 South', 'Germantown', 'Midtown']),
  c('Memphis', 'TN', 1100, 2, ['Midtown Memphis', 'Cooper-Young', 'South Main', 'Harbor Town']),
  c('Knoxville', 'TN', 1150, 1, ['Old City', 'Fourth and Gill', 'Sequoyah Hills']),
  c('Chattanooga', 'TN', 1200, 1, ['North Shore', 'Southside', 'St. Elmo']),
  // Oregon
  c('Portland', 'OR', 1700, 3, ['Pearl District', 'Alberta Arts', 'Hawthorne', 'Sellwood', 'Nob Hill']),
  c('Eugene', 'OR', 1300, 1, ['Whiteaker', 'Friendly Street', 'South University']),
  c('Bend', 'OR', 1600, 1, ['Old Bend', 'Northwest Crossing', 'Old Mill District']),
  c('Salem', 'OR', 1200, 1, ['Downtown Salem', 'South Central', 'West Salem']),
  // Pennsylvania
  c('Philadelphia', 'PA', 1700, 4, ['Rittenhouse', 'Fishtown', 'Old City', 'Northern Liberties', 'Queen Village']),
  c('Pittsburgh', 'PA', 1300, 3, ['Lawrenceville', 'Shadyside', 'Squirrel Hill', 'Strip District']),
  c('Harrisburg', 'PA', 1100, 1, ['Midtown Harrisburg', 'Shipoke', 'Uptown']),
  c('Allentown', 'PA', 1250, 1, ['West End', 'Center City', 'East Side']),
  // Minnesota
  c('Minneapolis', 'MN', 1450, 3, ['North Loop', 'Uptown', 'Northeast', 'Loring Park', 'Longfellow']),
  c('Saint Paul', 'MN', 1300, 2, ['Cathedral Hill', 'Lowertown', 'Highland Park', 'Mac-Groveland']),
  c('Rochester', 'MN', 1200, 1, ['Downtown Rochester', 'Kutzky Park', 'Slatterly Park']),
  c('Duluth', 'MN', 1050, 1, ['Canal Park', 'Lakeside', 'Chester Park']),
  // Ohio
  c('Columbus', 'OH', 1200, 3, ['Short North', 'German Village', 'Italian Village', 'Clintonville']),
  c('Cleveland', 'OH', 1050, 2, ['Ohio City', 'Tremont', 'Gordon Square', 'University Circle']),
  c('Cincinnati', 'OH', 1150, 2, ['Over-the-Rhine', 'Mount Adams', 'Northside', 'Hyde Park']),
  c('Dayton', 'OH', 950, 1, ['Oregon District', 'South Park', 'Webster Station']),
  // Michigan
  c('Detroit', 'MI', 1150, 3, ['Corktown', 'Midtown Detroit', 'Lafayette Park', 'Indian Village']),
  c('Ann Arbor', 'MI', 1600, 1, ['Kerrytown', 'Old West Side', 'Burns Park']),
  c('Grand Rapids', 'MI', 1250, 2, ['Heritage Hill', 'Eastown', 'East Hills']),
  c('Lansing', 'MI', 1000, 1, ['Old Town', 'REO Town', 'Eastside']),
  // Missouri
  c('Kansas City', 'MO', 1150, 3, ['Crossroads', 'Westport', 'River Market', 'Brookside']),
  c('Saint Louis', 'MO', 1100, 3, ['Central West End', 'Soulard', 'Lafayette Square', 'The Grove']),
  c('Springfield', 'MO', 900, 1, ['Rountree', 'Phelps Grove', 'Downtown Springfield']),
  c('Columbia', 'MO', 1000, 1, ['The District', 'East Campus', 'Old Southwest']),
  // Nevada
  c('Las Vegas', 'NV', 1400, 3, ['Arts District', 'Summerlin', 'Downtown Las Vegas', 'Spring Valley']),
  c('Reno', 'NV', 1450, 2, ['Midtown Reno', 'Old Southwest', 'Downtown Reno']),
  c('Henderson', 'NV', 1500, 2, ['Green Valley', 'Anthem', 'Water Street District']),
  // Utah
  c('Salt Lake City', 'UT', 1450, 3, ['Sugar House', 'The Avenues', '9th and 9th', 'Marmalade']),
  c('Provo', 'UT', 1200, 1, ['Downtown Provo', 'Joaquin', 'Riverside']),
  c('Ogden', 'UT', 1100, 1, ['Historic 25th Street', 'East Bench', 'Jefferson']),
  c('Park City', 'UT', 2400, 1, ['Old Town Park City', 'Prospector', 'Park Meadows']),
  // Virginia
  c('Richmond', 'VA', 1400, 2, ['The Fan', 'Church Hill', "Scott's Addition", 'Carytown']),
  c('Arlington', 'VA', 2300, 2, ['Clarendon', 'Ballston', 'Rosslyn', 'Shirlington']),
  c('Alexandria', 'VA', 2200, 2, ['Old Town Alexandria', 'Del Ray', 'Carlyle']),
  c('Virginia Beach', 'VA', 1500, 1, ['ViBe District', 'Hilltop', 'Town Center']),
  c('Norfolk', 'VA', 1250, 1, ['Ghent', 'Freemason', 'Downtown Norfolk']),
  // Louisiana
  c('New Orleans', 'LA', 1400, 3, ['Garden District', 'Marigny', 'Bywater', 'Uptown New Orleans', 'Mid-City']),
  c('Baton Rouge', 'LA', 1100, 2, ['Mid City Baton Rouge', 'Spanish Town', 'Beauregard Town']),
  c('Lafayette', 'LA', 1000, 1, ['Downtown Lafayette', 'Oil Center', 'Saint Streets']),
  c('Shreveport', 'LA', 900, 1, ['Highland', 'South Highlands', 'Downtown Shreveport']),
  // Wisconsin
  c('Milwaukee', 'WI', 1150, 2, ['Third Ward', 'Bay View', 'East Side', "Walker's Point"]),
  c('Madison', 'WI', 1450, 2, ['Willy Street', 'Capitol Square', 'Monroe Street', 'Atwood']),
  c('Green Bay', 'WI', 1000, 1, ['Broadway District', 'Astor', 'Downtown Green Bay']),
];

/** The 23 states of the portfolio, in catalogue order. */
export const STATES: readonly string[] = [...new Set(CITIES.map((entry) => entry.state))];

/** Street names for addresses (combined with a house number). */
export const STREET_NAMES: readonly string[] = [
  'Main Street',
  'Oak Avenue',
  'Maple Street',
  'Cedar Lane',
  'Elm Street',
  'Park Avenue',
  'Washington Street',
  'Lincoln Avenue',
  'Jefferson Street',
  'Madison Avenue',
  'Franklin Street',
  'Highland Avenue',
  'Lake Street',
  'Hill Street',
  'Spring Street',
  'Church Street',
  'Market Street',
  'Broad Street',
  'Walnut Street',
  'Chestnut Street',
  'Pine Street',
  'Willow Avenue',
  'Sycamore Drive',
  'Magnolia Avenue',
  'Riverside Drive',
  'Grand Avenue',
  'Union Street',
  'College Avenue',
  'Prospect Street',
  'Forest Avenue',
  'Ridge Road',
  'Sunset Boulevard',
  'Central Avenue',
  'Mill Street',
  'Water Street',
  'Front Street',
  'Second Street',
  'Third Street',
  'Fifth Avenue',
  'Seventh Street',
  'Ninth Street',
  'Harrison Street',
  'Monroe Street',
  'Adams Street',
  'Jackson Avenue',
  'Vine Street',
  'Locust Street',
  'Laurel Street',
  'Hawthorne Avenue',
  'Cypress Street',
  'Bay Street',
  'Ashland Avenue',
  'Belmont Avenue',
  'Greenwood Avenue',
  'Fairview Avenue',
  'Orchard Street',
];
