/**
 * Towns for the demo address file: city | outward:locality:street/street, ... Outward codes and street
 * names are real; house numbers and inward codes are generated, so the addresses are realistic, not real.
 */
export const AREAS = `
London|SW1V:Pimlico:Belgrave Road/Warwick Way,SW11:Battersea:Lavender Hill/Northcote Road,SW19:Wimbledon:Wimbledon Hill Road/The Broadway,SE1:Bermondsey:Borough High Street/Bermondsey Street,SE15:Peckham:Rye Lane/Bellenden Road,E1:Whitechapel:Whitechapel Road/Commercial Road,E14:Isle of Dogs:West Ferry Road/Manchester Road,E17:Walthamstow:Hoe Street/Orford Road,N1:Islington:Upper Street/Essex Road,N16:Stoke Newington:Church Street/Stoke Newington High Street,NW1:Camden:Camden High Street/Parkway,NW3:Hampstead:Haverstock Hill/Flask Walk,W2:Bayswater:Westbourne Grove/Queensway,W12:Shepherd's Bush:Goldhawk Road/Uxbridge Road,EC1V::Old Street/City Road,WC1N:Bloomsbury:Lamb's Conduit Street/Great Ormond Street
Manchester|M1:Didsbury:Wilmslow Road/Oxford Road,M4:Chorlton:Deansgate/Burton Road,M14:Fallowfield:Barlow Moor Road/Princess Street,M15:Rusholme:Great Ancoats Street/Withington Road,M16:Ancoats:Upper Chorlton Road/Palatine Road,M20:Hulme:Wilmslow Road/Oxford Road,M21:Whalley Range:Deansgate/Burton Road,M40:Didsbury:Barlow Moor Road/Princess Street
Birmingham|B1:Edgbaston:Hagley Road/Bristol Road,B5:Moseley:Alcester Road/High Street,B13:Harborne:Harborne Park Road/Broad Street,B15:Selly Oak:Bournville Lane/Digbeth High Street,B17:Bournville:Woodbridge Road/Hagley Road,B29:Digbeth:Bristol Road/Alcester Road,B30::High Street/Harborne Park Road
Leeds|LS1:Headingley:Otley Road/Headingley Lane,LS2:Roundhay:Street Lane/Roundhay Road,LS6:Chapel Allerton:Harrogate Road/Boar Lane,LS8:Holbeck:Kirkstall Road/Cardigan Road,LS11:Moortown:Otley Road/Headingley Lane,LS17:Headingley:Street Lane/Roundhay Road
Glasgow|G1:Partick:Byres Road/Great Western Road,G3:Hillhead:Dumbarton Road/Argyle Street,G11:Finnieston:Duke Street/Pollokshaws Road,G12:Dennistoun:Sauchiehall Street/Kilmarnock Road,G31:Shawlands:Byres Road/Great Western Road,G41:Partick:Dumbarton Road/Argyle Street
Cardiff|CF10:Canton:Cowbridge Road East/City Road,CF11:Roath:Albany Road/Cathedral Road,CF14:Cathays:Merthyr Road/Crwys Road,CF23:Llandaff:Wellfield Road/Penylan Road,CF24:Penylan:Cowbridge Road East/City Road,CF5:Whitchurch:Albany Road/Cathedral Road
Bristol|BS1:Clifton:Whiteladies Road/Gloucester Road,BS3:Redland:North Street/Park Street,BS6:Bishopston:Cotham Hill/Fishponds Road,BS7:Bedminster:Queens Road/Coronation Road,BS8:Fishponds:Whiteladies Road/Gloucester Road,BS16:Clifton:North Street/Park Street
Belfast|BT1:Ormeau:Lisburn Road/Ormeau Road,BT5:Stranmillis:Malone Road/Upper Newtownards Road,BT7:Ballyhackamore:Antrim Road/Botanic Avenue,BT9:Malone:Stranmillis Road/Lisburn Road,BT15:Ormeau:Ormeau Road/Malone Road
Edinburgh|EH1:Leith:Leith Walk/Marchmont Road,EH3:Marchmont:Morningside Road/Raeburn Place,EH6:Morningside:St John's Road/Dalry Road,EH9:Stockbridge:Easter Road/Comely Bank Road,EH10:Corstorphine:Leith Walk/Marchmont Road,EH12:Leith:Morningside Road/Raeburn Place
Liverpool|L1:Wavertree:Lark Lane/Allerton Road,L8:Aigburth:Smithdown Road/Bold Street,L15:Allerton:Aigburth Road/Picton Road,L17:Toxteth:Woolton Road/Lark Lane,L18:Woolton:Allerton Road/Smithdown Road,L25:Wavertree:Bold Street/Aigburth Road
Newcastle upon Tyne|NE1:Jesmond:Osborne Road/Chillingham Road,NE2:Heaton:Gosforth High Street/Westgate Road,NE4:Gosforth:Shields Road/Acorn Road,NE6:Fenham:Benton Road/Osborne Road,NE3:Jesmond:Chillingham Road/Gosforth High Street
Sheffield|S1:Broomhill:Ecclesall Road/Abbeydale Road,S7:Nether Edge:Sharrow Vale Road/Crookes Road,S10:Ecclesall:Fulwood Road/Division Street,S11:Crookes:Ecclesall Road/Abbeydale Road
Nottingham|NG1:Sherwood:Mansfield Road/Derby Road,NG2:Lenton:Trent Bridge/Alfreton Road,NG5:West Bridgford:Radcliffe Road/Castle Boulevard,NG7:Beeston:Mansfield Road/Derby Road
Leicester|LE1:Clarendon Park:Queens Road/London Road,LE2:Stoneygate:Narborough Road/Belgrave Road,LE3:Belgrave:Welford Road/Granby Street,LE4:Westcotes:Queens Road/London Road
Southampton|SO14:Portswood:Portswood Road/Shirley Road,SO15:Shirley:Burgess Road/Bedford Place,SO16:Bassett:Highfield Lane/Above Bar Street,SO17:Highfield:Portswood Road/Shirley Road
Brighton|BN1:Kemptown:Lewes Road/Western Road,BN2:Hove:Church Road/Ditchling Road,BN3:Preston Park:St James's Street/Preston Drove
Oxford|OX1:Jericho:Cowley Road/Banbury Road,OX2:Summertown:Walton Street/London Road,OX3:Headington:Iffley Road/Woodstock Road,OX4:Cowley:Cowley Road/Banbury Road
Cambridge|CB1:Chesterton:Mill Road/Hills Road,CB2:Newnham:Chesterton Road/Trumpington Street,CB4:Mill Road:Histon Road/Mill Road
York|YO1:Fulford:Bishopthorpe Road/Fulford Road,YO10:Acomb:Haxby Road/Tadcaster Road,YO24:Heworth:Gillygate/Lawrence Street,YO31::Bishopthorpe Road/Fulford Road
Aberdeen|AB10:Rosemount:Union Street/Great Western Road,AB11:Old Aberdeen:King Street/Rosemount Place,AB15:Cults:Holburn Street/Union Street,AB24::Great Western Road/King Street
Norwich|NR1:Eaton:Unthank Road/Earlham Road,NR2:Earlham:Magdalen Street/Prince of Wales Road,NR3:Thorpe Hamlet:Newmarket Road/Unthank Road,NR4::Earlham Road/Magdalen Street
Exeter|EX1:Heavitree:Fore Street/Cowick Street,EX2:St Thomas:Magdalen Road/Sidwell Street,EX4:Pennsylvania:Pennsylvania Road/Fore Street
Plymouth|PL1:Mutley:Mutley Plain/Mannamead Road,PL3:Mannamead:Royal Parade/North Hill,PL4:Stoke:Stoke Road/Mutley Plain
Swansea|SA1:Uplands:Walter Road/Gower Road,SA2:Sketty:Mumbles Road/Uplands Crescent,SA3:Mumbles:St Helen's Road/Walter Road
Coventry|CV1:Earlsdon:Earlsdon Street/Binley Road,CV2:Stoke:Quinton Road/Holyhead Road,CV3:Cheylesmore:Far Gosford Street/Earlsdon Street,CV5::Binley Road/Quinton Road
Reading|RG1:Caversham:Oxford Road/London Road,RG2:Earley:Caversham Road/Wokingham Road,RG4:Tilehurst:Bath Road/Oxford Road,RG30::London Road/Caversham Road
Milton Keynes|MK9:Bletchley:Silbury Boulevard/Midsummer Boulevard,MK10:Wolverton:Queensway/Stratford Road,MK6:Fishermead:Saxon Gate/Silbury Boulevard,MK3::Midsummer Boulevard/Queensway
Hull|HU1:Newland Park:Princes Avenue/Newland Avenue,HU3:Avenues:Spring Bank/Beverley Road,HU5:Newland Park:Anlaby Road/Princes Avenue
Stoke-on-Trent|ST1:Hanley:Hartshill Road/London Road,ST4:Stoke:Stoke Road/Leek Road
Derby|DE1:Darley Abbey:Friar Gate/Kedleston Road,DE22:Littleover:Burton Road/Duffield Road,DE23:Allestree:Uttoxeter New Road/Friar Gate
Bath|BA1:Widcombe:Milsom Street/Wellsway,BA2:Larkhall:London Road/Widcombe Parade
Inverness|IV1:Crown:Church Street/Culduthel Road,IV2:Hilton:Kenneth Street/Old Edinburgh Road,IV3:Dalneigh:Church Street/Culduthel Road
`;

/** Businesses a few addresses carry (company and, sometimes, a department). */
export const COMPANIES = [
  ['Riverside Dental Practice', 'Reception'],
  ['Northgate Pharmacy', ''],
  ['Brightwell Accountants LLP', 'Payroll'],
  ['The Corner Café', ''],
  ['Hollis & Grant Solicitors', 'Conveyancing'],
  ['Parkview Veterinary Centre', ''],
  ['Greenway Opticians', ''],
  ['Ashford Motors Ltd', 'Service Department'],
  ['Kite Digital Ltd', 'Accounts'],
  ['St Mary\u2019s Surgery', ''],
  ['Oak & Ivy Florists', ''],
  ['Harbour Bookshop', ''],
] as const;
