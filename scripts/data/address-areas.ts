/**
 * Towns for the demo address file: city | outward[+inward]:locality:street/street, ... (+inward fixes the
 * first postcode of that outward code, e.g. LS1 5HD used by the demo risk) Outward codes and street
 * names are real; house numbers and inward codes are generated, so the addresses are realistic, not real.
 */
export const AREAS = `
London|SW1V:Pimlico:Belgrave Road/Warwick Way,SW11:Battersea:Lavender Hill/Northcote Road,SW19:Wimbledon:Wimbledon Hill Road/The Broadway,SE1:Bermondsey:Borough High Street/Bermondsey Street,SE15:Peckham:Rye Lane/Bellenden Road,E1:Whitechapel:Whitechapel Road/Commercial Road,E14:Isle of Dogs:West Ferry Road/Manchester Road,E17:Walthamstow:Hoe Street/Orford Road,N1:Islington:Upper Street/Essex Road,N16:Stoke Newington:Church Street/Stoke Newington High Street,NW1:Camden:Camden High Street/Parkway,NW3:Hampstead:Haverstock Hill/Flask Walk,W2:Bayswater:Westbourne Grove/Queensway,W12:Shepherd's Bush:Goldhawk Road/Uxbridge Road,EC1V::Old Street/City Road,WC1N:Bloomsbury:Lamb's Conduit Street/Great Ormond Street
Manchester|M1::Princess Street/Oxford Road,M4:Ancoats:Great Ancoats Street/Oldham Road,M14:Fallowfield:Wilmslow Road/Ladybarn Lane,M15:Hulme:Stretford Road/Chorlton Road,M16:Whalley Range:Upper Chorlton Road/Withington Road,M20:Didsbury:Burton Road/Palatine Road,M21:Chorlton:Barlow Moor Road/Beech Road,M40:Moston:Moston Lane/Lightbowne Road
Birmingham|B1::Broad Street/Newhall Street,B5:Digbeth:Digbeth High Street/Bradford Street,B13:Moseley:Alcester Road/Woodbridge Road,B15:Edgbaston:Hagley Road/Harborne Road,B17:Harborne:Harborne Park Road/High Street,B29:Selly Oak:Bristol Road/Heeley Road,B30:Bournville:Bournville Lane/Linden Road
Leeds|LS1+5HD::Park Row/Boar Lane,LS2:Woodhouse:Woodhouse Lane/Blenheim Terrace,LS6:Headingley:Otley Road/Cardigan Road,LS8:Roundhay:Street Lane/Roundhay Road,LS11:Holbeck:Dewsbury Road/Elland Road,LS17:Moortown:Harrogate Road/Shadwell Lane
Glasgow|G1:Merchant City:Argyle Street/Ingram Street,G3:Finnieston:Argyle Street/Kelvinhaugh Street,G11:Partick:Dumbarton Road/Crow Road,G12:Hillhead:Byres Road/Great Western Road,G31:Dennistoun:Duke Street/Alexandra Parade,G41:Shawlands:Pollokshaws Road/Kilmarnock Road
Cardiff|CF10::St Mary Street/Queen Street,CF11:Canton:Cowbridge Road East/Cathedral Road,CF14:Whitchurch:Merthyr Road/Park Road,CF23:Penylan:Penylan Road/Wellfield Road,CF24:Roath:Albany Road/City Road,CF5:Llandaff:Cardiff Road/Llandaff Road
Bristol|BS1:Harbourside:Park Street/Queen Square,BS3:Bedminster:North Street/East Street,BS6:Redland:Whiteladies Road/Cotham Hill,BS7:Bishopston:Gloucester Road/Egerton Road,BS8:Clifton:Queens Road/Princess Victoria Street,BS16:Fishponds:Fishponds Road/Downend Road
Belfast|BT1::Royal Avenue/Donegall Street,BT5:Ballyhackamore:Upper Newtownards Road/Sandown Road,BT7:Ormeau:Ormeau Road/Botanic Avenue,BT9:Stranmillis:Lisburn Road/Stranmillis Road,BT15:Antrim Road:Antrim Road/Cliftonville Road
Edinburgh|EH1:Old Town:Cockburn Street/Victoria Street,EH3:Stockbridge:Raeburn Place/St Stephen Street,EH6:Leith:Leith Walk/Easter Road,EH9:Marchmont:Marchmont Road/Warrender Park Road,EH10:Morningside:Morningside Road/Comiston Road,EH12:Corstorphine:St John's Road/Corstorphine Road
Liverpool|L1::Bold Street/Seel Street,L8:Toxteth:Lodge Lane/Princes Road,L15:Wavertree:Picton Road/Smithdown Road,L17:Aigburth:Lark Lane/Aigburth Road,L18:Allerton:Allerton Road/Mather Avenue,L25:Woolton:Woolton Street/Allerton Road
Newcastle upon Tyne|NE1::Grey Street/Westgate Road,NE2:Jesmond:Osborne Road/Acorn Road,NE3:Gosforth:Gosforth High Street/Station Road,NE4:Fenham:Fenham Hall Drive/Westgate Road,NE6:Heaton:Chillingham Road/Shields Road
Sheffield|S1::Division Street/West Street,S7:Nether Edge:Abbeydale Road/Nether Edge Road,S10:Broomhill:Fulwood Road/Crookes Road,S11:Ecclesall:Ecclesall Road/Sharrow Vale Road
Nottingham|NG1::Mansfield Road/Castle Boulevard,NG2:West Bridgford:Radcliffe Road/Trent Bridge,NG5:Sherwood:Mansfield Road/Haydn Road,NG7:Lenton:Derby Road/Lenton Boulevard
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
