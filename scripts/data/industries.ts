/** Industry names (ABI list style), one per line; codes are assigned by generate-reference-data.ts. */
export const INDUSTRIES = `
Accountancy
Advertising
Aerospace
Agriculture
Air Transport
Airline
Ambulance Service
Animal Care
Antiques
Architecture
Armed Forces
Art and Design
Auctioneering
Audio Visual
Automotive Manufacture
Bakery
Banking
Beauty
Betting and Gaming
Biotechnology
Boat Building
Book Publishing
Brewing
Broadcasting
Builders Merchant
Building Society
Building Trade
Bus and Coach Operation
Business Consultancy
Butchery
Call Centre
Car Dealer
Car Hire
Car Wash
Care Home
Carpentry
Catering
Charity
Chemical Industry
Childcare
Civil Engineering
Civil Service
Cleaning Services
Clothing Manufacture
Coal Mining
Commercial Property
Computer Services
Construction
Consumer Electronics
Courier Services
Dairy Farming
Dance
Defence
Dentistry
Design
Distribution
Domestic Appliances
Driving Tuition
Education - Private
Education - State
Electrical Contractors
Electricity Supply
Electronics
Emergency Services
Energy
Engineering
Entertainment
Environmental Services
Estate Agency
Events
Farming
Fashion
Fast Food
Film Production
Financial Services
Fire Service
Fishing
Fitness and Leisure
Floristry
Food Manufacture
Food Retail
Forestry
Funeral Services
Furniture Manufacture
Furniture Retail
Gaming
Garage
Gas Supply
Glazing
Government - Central
Government - Local
Graphic Design
Hairdressing
Haulage
Health Service - NHS
Health Service - Private
Heating and Ventilation
Hospitality
Hotel
Housing Association
Human Resources
Import and Export
Information Technology
Insurance
Interior Design
Internet
Investment
Jewellery
Journalism
Laboratory Services
Landscape Gardening
Laundry
Legal Services
Leisure Centre
Library Services
Logistics
Machinery Manufacture
Management Consultancy
Manufacturing
Marine Engineering
Market Research
Marketing
Media
Medical Research
Metal Industry
Mining
Mobile Phones
Motor Racing
Motor Trade
Museum
Music
Newspapers
Nuclear Industry
Nursing
Oil and Gas
Opticians
Packaging
Painting and Decorating
Pharmaceuticals
Photography
Plastics
Plumbing
Police
Port Authority
Postal Services
Printing
Prison Service
Private Investigation
Property Development
Property Management
Public House
Public Relations
Publishing
Quarrying
Radio
Railway
Recruitment
Recycling
Religious Organisation
Removals
Research and Development
Restaurant
Retail
Road Haulage
Roofing
Scaffolding
Scientific Research
Security Services
Shipping
Social Services
Software Development
Solicitors
Sport
Stationery
Steel Industry
Supermarket
Surveying
Taxi Service
Telecommunications
Television
Textiles
Theatre
Timber
Tourism
Toy Manufacture
Trade Union
Training
Translation Services
Transport
Travel Agency
University
Utilities
Vehicle Hire
Veterinary Services
Voluntary Work
Warehousing
Waste Management
Water Supply
Website Design
Wholesale
Wine and Spirits
Not in Employment
`;
