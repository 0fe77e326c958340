/** Occupation names (ABI list style), one per line; codes are assigned by generate-reference-data.ts. */
export const OCCUPATIONS = `
Account Manager
Accountant
Accounts Assistant
Accounts Clerk
Actor/Actress
Actuary
Acupuncturist
Administration Assistant
Administration Manager
Administrator
Advertising Executive
Aerospace Engineer
Agricultural Worker
Air Traffic Controller
Aircraft Engineer
Airline Pilot
Ambulance Driver
Anaesthetist
Analyst
Animal Breeder
Antique Dealer
Architect
Archivist
Art Dealer
Art Therapist
Artist
Assembly Worker
Assistant Manager
Auctioneer
Audiologist
Auditor
Author
Baker
Bank Clerk
Bank Manager
Banker
Bar Manager
Bar Staff
Barber
Barrister
Beautician
Bookkeeper
Bookmaker
Bricklayer
Builder
Building Surveyor
Bus Driver
Business Analyst
Business Consultant
Butcher
Buyer
Cabinet Maker
Call Centre Operator
Care Assistant
Care Manager
Careers Adviser
Carpenter
Carpet Fitter
Cashier
Caterer
Chartered Accountant
Chartered Engineer
Chartered Surveyor
Chauffeur
Chef
Chemist
Child Minder
Chiropodist
Chiropractor
Civil Engineer
Civil Servant
Claims Handler
Cleaner
Clergyman/Clergywoman
Clerk
Coach Driver
Commercial Manager
Communications Officer
Community Worker
Company Director
Computer Programmer
Construction Worker
Consultant
Content Creator
Conveyancer
Cook
Copywriter
Counsellor
Courier
Credit Controller
Croupier
Customer Adviser
Customer Service Manager
Customs Officer
Dancer
Data Analyst
Data Scientist
Decorator
Delivery Driver
Dental Hygienist
Dental Nurse
Dentist
Designer
Developer
Dietician
Director
Dispensing Optician
Doctor
Dog Groomer
Domestic Cleaner
Draughtsman
Driving Instructor
Dry Cleaner
Economist
Editor
Electrical Engineer
Electrician
Engineer
Engineering Technician
Estate Agent
Estimator
Events Manager
Factory Manager
Factory Worker
Farm Manager
Farmer
Fashion Designer
Film Producer
Financial Adviser
Financial Controller
Fire Fighter
Fisherman
Fitness Instructor
Florist
Forklift Truck Driver
Freight Forwarder
Funeral Director
Furniture Maker
Gardener
Gas Engineer
General Practitioner
Geologist
Glazier
Graphic Designer
Groundsman
Hairdresser
Health Visitor
Healthcare Assistant
Heating Engineer
HGV Driver
Homemaker
Horticulturist
Hospital Porter
Hotel Manager
Housekeeper
Housing Officer
HR Manager
Illustrator
Import/Export Clerk
Insurance Broker
Insurance Consultant
Interior Designer
Interpreter
IT Consultant
IT Manager
IT Technician
Janitor
Jeweller
Joiner
Journalist
Judge
Kitchen Assistant
Kitchen Fitter
Laboratory Technician
Labourer
Landlord
Landscape Gardener
Lecturer
Legal Secretary
Librarian
Lifeguard
Lift Engineer
Locksmith
Logistics Manager
Machine Operator
Machinist
Maintenance Engineer
Management Consultant
Manager
Marketing Executive
Marketing Manager
Mechanic
Mechanical Engineer
Medical Secretary
Merchandiser
Meteorologist
Midwife
Miner
Mortgage Adviser
Motor Trader
Musician
Nanny
Network Engineer
Nurse
Nursery Nurse
Occupational Therapist
Office Manager
Optician
Optometrist
Painter and Decorator
Paralegal
Paramedic
Payroll Clerk
Personal Assistant
Pharmacist
Photographer
Physiotherapist
Plasterer
Plumber
Police Officer
Porter
Postman/Postwoman
Printer
Prison Officer
Probation Officer
Producer
Production Manager
Professional Sportsperson
Project Manager
Property Developer
Psychiatrist
Psychologist
Publican
Purchasing Manager
Quality Controller
Quantity Surveyor
Radiographer
Receptionist
Recruitment Consultant
Refuse Collector
Research Scientist
Researcher
Restaurant Manager
Retail Assistant
Retail Manager
Roofer
Sales Assistant
Sales Executive
Sales Manager
Sales Representative
Scaffolder
Scientist
Secretary
Security Guard
Shelf Filler
Shop Assistant
Shop Keeper
Shop Manager
Social Worker
Software Engineer
Solicitor
Sound Engineer
Speech Therapist
Steel Erector
Stock Controller
Stockbroker
Store Manager
Student - Full Time
Supervisor
Surgeon
Surveyor
Tailor
Tattooist
Tax Adviser
Taxi Driver
Teacher
Teaching Assistant
Technician
Telecommunications Engineer
Telesales Person
Tiler
Tour Guide
Town Planner
Trader
Train Driver
Trainer
Translator
Travel Agent
Tree Surgeon
Tutor
Underwriter
Upholsterer
Valuer
Van Driver
Vet
Veterinary Nurse
Waiter/Waitress
Warehouse Manager
Warehouse Operative
Web Designer
Welder
Window Cleaner
Writer
Youth Worker
Zoo Keeper
`;
