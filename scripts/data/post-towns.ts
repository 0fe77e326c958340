/**
 * The 121 UK postcode areas and their post towns (Royal Mail), written from public knowledge.
 * One area a line: AREA|main post town|district ranges with a different post town. A range is
 * FROM-TO (district numbers) or one number, then ':' and the town; ranges are separated by ','.
 * The sandbox address provider uses the result (data/post-towns.json) to answer any well-formed
 * postcode with its real post town. Crown dependencies (GY, JE, IM) and non-geographic areas are not
 * included. Run scripts/data/generate-post-towns.ts to rewrite the JSON.
 */
export const POST_TOWNS = `
AB|Aberdeen|30:Laurencekirk,31:Banchory,32:Westhill,33:Alford,34:Aboyne,35:Ballater,36:Strathdon,37:Ballindalloch,38:Aberlour,39:Stonehaven,41:Ellon,42:Peterhead,43:Fraserburgh,44:Macduff,45:Banff,51:Inverurie,52:Insch,53:Turriff,54:Huntly,55:Keith,56:Buckie
AL|St Albans|5:Harpenden,6-8:Welwyn,9:Hatfield,10:Hatfield
B|Birmingham|60-61:Bromsgrove,62-63:Halesowen,64:Cradley Heath,65:Rowley Regis,66-67:Smethwick,68-69:Oldbury,70-71:West Bromwich,72-76:Sutton Coldfield,77-79:Tamworth,80:Studley,90-94:Solihull,95:Henley-in-Arden,96-98:Redditch
BA|Bath|3:Radstock,4:Shepton Mallet,5:Wells,6:Glastonbury,7:Castle Cary,8:Templecombe,9:Wincanton,10:Bruton,11:Frome,12-14:Warminster,15:Bradford-on-Avon,16:Street,20-22:Yeovil
BB|Blackburn|4:Rossendale,5:Accrington,6:Blackburn,7:Clitheroe,8:Colne,9:Nelson,10-12:Burnley,18:Barnoldswick,94:Barnoldswick
BD|Bradford|16:Bingley,17-18:Shipley,19:Cleckheaton,20-22:Keighley,23-24:Skipton
BH|Bournemouth|12-17:Poole,18:Broadstone,19:Swanage,20:Wareham,21:Wimborne,22:Ferndown,23:Christchurch,24:Ringwood,25:New Milton,31:Verwood
BL|Bolton|0:Bury,8-9:Bury
BN|Brighton|3:Hove,5:Henfield,6:Hassocks,7-8:Lewes,9:Newhaven,10:Peacehaven,11-15:Worthing,16-17:Littlehampton,18:Arundel,20-23:Eastbourne,24:Pevensey,25:Seaford,26:Polegate,27:Hailsham,41:Hove,42:Brighton,43:Shoreham-by-Sea,44:Steyning,45:Brighton,52:Hove
BR|Bromley|5:Orpington,6:Orpington,7:Chislehurst,8:Swanley
BS|Bristol|20:Bristol,21:Clevedon,22-24:Weston-super-Mare,25:Winscombe,26:Axbridge,27:Cheddar,28:Wedmore,29:Banwell,35:Thornbury,36-37:Bristol,39:Bristol,40:Bristol,41:Bristol,48:Bristol,49:Bristol
BT|Belfast|18:Holywood,19-20:Bangor,21:Donaghadee,22:Newtownards,23:Newtownards,24:Ballynahinch,25:Dromore,26:Hillsborough,27-28:Lisburn,29:Crumlin,30:Downpatrick,31:Castlewellan,32:Banbridge,33:Newcastle,34:Newry,35:Newry,36-37:Newtownabbey,38:Carrickfergus,39:Ballyclare,40:Larne,41:Antrim,42-44:Ballymena,45:Magherafelt,46:Maghera,47-48:Londonderry,49:Limavady,51:Coleraine,52:Coleraine,53:Ballymoney,54:Ballycastle,55:Portstewart,56:Portrush,57:Bushmills,60:Armagh,61:Armagh,62-63:Craigavon,64-65:Craigavon,66-67:Craigavon,68:Caledon,69:Aughnacloy,70:Dungannon,71:Dungannon,74:Enniskillen,75:Fivemiletown,76:Clogher,77:Augher,78-79:Omagh,80:Cookstown,81:Castlederg,82:Strabane,92-94:Enniskillen
CA|Carlisle|9:Alston,10:Penrith,11:Penrith,12:Keswick,13:Cockermouth,14:Workington,15:Maryport,16:Appleby-in-Westmorland,17:Kirkby Stephen,18:Ravenglass,19:Holmrook,20:Seascale,21:Beckermet,22:Egremont,23:Cleator,24:Moor Row,25:Cleator Moor,26:Frizington,27:St Bees,28:Whitehaven,95:Workington,99:Carlisle
CB|Cambridge|6-7:Ely,8:Newmarket,9:Haverhill,10-11:Saffron Walden
CF|Cardiff|31-36:Bridgend,37-38:Pontypridd,39:Porth,40:Tonypandy,41:Pentre,42:Treorchy,43:Ferndale,44:Aberdare,45:Mountain Ash,46:Treharris,47-48:Merthyr Tydfil,61:Llantwit Major,62-63:Barry,64:Penarth,71:Cowbridge,72:Pontyclun,81:Bargoed,82:Hengoed,83:Caerphilly,91:Cardiff,95:Cardiff,99:Cardiff
CH|Chester|5:Deeside,6:Flint,7:Mold,8:Holywell,25:Birkenhead,26:Prenton,27:Wallasey,28:Wirral,29:Wirral,30:Wirral,31-33:Wirral,34:Ellesmere Port,41-43:Birkenhead,44-45:Wallasey,46-49:Wirral,60-66:Wirral
CM|Chelmsford|0:Southminster,7:Braintree,8:Witham,9:Maldon,11-12:Billericay,13-15:Brentwood,16:Epping,17:Harlow,18-20:Harlow,21:Sawbridgeworth,22-23:Bishop's Stortford,24:Stansted,77:Braintree,92:Chelmsford,98-99:Chelmsford
CO|Colchester|5:Colchester,6:Colchester,7:Colchester,8:Bures,9:Halstead,10:Sudbury,11:Manningtree,12:Harwich,13:Frinton-on-Sea,14:Walton on the Naze,15-16:Clacton-on-Sea
CR|Croydon|2:South Croydon,3:Whyteleafe,4:Mitcham,5:Coulsdon,6:Warlingham,7:Thornton Heath,8:Purley
CT|Canterbury|5:Whitstable,6:Herne Bay,7-9:Margate,10:Broadstairs,11-12:Ramsgate,13:Sandwich,14:Deal,15-17:Dover,18-20:Folkestone,21:Hythe
CV|Coventry|7:Coventry,8:Kenilworth,9:Atherstone,10-11:Nuneaton,12:Bedworth,13:Nuneaton,21-23:Rugby,31:Leamington Spa,32-33:Leamington Spa,34-35:Warwick,36:Shipston-on-Stour,37:Stratford-upon-Avon,47:Southam
CW|Crewe|4:Holmes Chapel,5:Nantwich,6:Tarporley,7:Winsford,8-9:Northwich,10:Middlewich,11:Sandbach,12:Congleton
DA|Dartford|3:Longfield,4:Dartford,5-8:Bexley,9:Greenhithe,10:Swanscombe,11-13:Gravesend,14-15:Sidcup,16-18:Welling,17:Belvedere,18:Erith
DD|Dundee|6:Newport-on-Tay,7:Carnoustie,8:Forfar,9:Brechin,10:Montrose,11:Arbroath
DE|Derby|4:Matlock,5:Ripley,6:Ashbourne,7:Ilkeston,11:Swadlincote,12:Swadlincote,13-15:Burton-on-Trent,45:Bakewell,55:Alfreton,56:Belper,72-74:Derby,75:Heanor
DG|Dumfries|3:Thornhill,4:Sanquhar,5:Dalbeattie,6:Kirkcudbright,7:Castle Douglas,8:Newton Stewart,9:Stranraer,10:Moffat,11:Lockerbie,12:Annan,13:Langholm,14:Canonbie,16:Gretna
DH|Durham|2-3:Chester le Street,4-5:Houghton le Spring,6:Durham,7:Durham,8-9:Stanley,98:Durham,99:Durham
DL|Darlington|4-5:Shildon,6:Northallerton,7:Northallerton,8:Bedale,9-11:Richmond,12:Barnard Castle,13-14:Bishop Auckland,15:Crook,16:Spennymoor,17:Ferryhill
DN|Doncaster|7:Doncaster,8:Thorne,9:Doncaster,10:Doncaster,11:Doncaster,14:Goole,15-17:Scunthorpe,18:Barton-upon-Humber,19:Barrow-upon-Humber,20:Brigg,21:Gainsborough,22:Retford,31-34:Grimsby,35:Cleethorpes,36-41:Grimsby
DT|Dorchester|3-4:Weymouth,5:Portland,6:Bridport,7:Lyme Regis,8:Beaminster,9:Sherborne,10:Sturminster Newton,11:Blandford Forum
DY|Dudley|4:Tipton,5:Brierley Hill,6:Kingswinford,7-9:Stourbridge,10-11:Kidderminster,12:Bewdley,13:Stourport-on-Severn,14:Kidderminster
E|London|
EC|London|
EH|Edinburgh|14:Balerno,18:Lasswade,19:Bonnyrigg,20:Loanhead,21:Musselburgh,22:Dalkeith,23:Gorebridge,24:Rosewell,25:Roslin,26:Penicuik,27:Kirknewton,28:Newbridge,29:Kirkliston,30:South Queensferry,31:Gullane,32:Longniddry,33:Tranent,34:Tranent,35:Tranent,36:Humbie,37:Pathhead,38:Heriot,39:North Berwick,40:East Linton,41:Haddington,42:Dunbar,43:Walkerburn,44:Innerleithen,45:Peebles,46:West Linton,47:Bathgate,48:Bathgate,49:Linlithgow,51:Bo'ness,52:Broxburn,53:Livingston,54:Livingston,55:West Calder
EN|Enfield|4-5:Barnet,6:Potters Bar,7:Waltham Cross,8:Waltham Cross,9:Waltham Abbey,10:Broxbourne,11:Hoddesdon
EX|Exeter|7:Dawlish,8:Exmouth,9:Budleigh Salterton,10:Sidmouth,11:Ottery St Mary,12:Seaton,13:Axminster,14:Honiton,15:Cullompton,16:Tiverton,17:Crediton,18:Chulmleigh,19:Winkleigh,20:Okehampton,21:Beaworthy,22:Holsworthy,23:Bude,24:Colyton,31-32:Barnstaple,33:Braunton,34:Ilfracombe,35:Lynton,36:South Molton,37:Umberleigh,38:Torrington,39:Bideford
FK|Falkirk|3:Grangemouth,4:Bonnybridge,5:Larbert,6:Denny,7-9:Stirling,10:Alloa,11:Menstrie,12:Tillicoultry,13:Tillicoultry,14:Dollar,15:Dunblane,16:Doune,17:Callander,18:Callander,19:Lochearnhead,20:Crianlarich,21:Killin
FY|Blackpool|5:Thornton-Cleveleys,6:Poulton-le-Fylde,7:Fleetwood,8:Lytham St Annes
G|Glasgow|60:Dumbarton,61-62:Glasgow,63:Glasgow,64:Glasgow,65:Kilsyth,66:Glasgow,67:Cumbernauld,68:Cumbernauld,69:Glasgow,71:Glasgow,72:Glasgow,73:Glasgow,74:Glasgow,75:Glasgow,76:Glasgow,77:Glasgow,78:Glasgow,79:Glasgow,81:Clydebank,82:Dumbarton,83:Alexandria,84:Helensburgh
GL|Gloucester|5-6:Stroud,7:Cirencester,8:Tetbury,9:Badminton,10:Dursley,11:Wotton-under-Edge,12:Wotton-under-Edge,13:Berkeley,14:Lydney,15:Lydney,16:Coleford,17:Lydbrook,18:Newent,19:Gloucester,20:Tewkesbury,50-54:Cheltenham,55:Chipping Campden,56:Moreton-in-Marsh,54:Cheltenham
GU|Guildford|6:Cranleigh,7-8:Godalming,9-10:Farnham,11-12:Aldershot,13:Fleet,14:Farnborough,15-16:Camberley,17:Sandhurst,18:Lightwater,19:Bagshot,20:Windlesham,21-24:Woking,25:Virginia Water,26:Hindhead,27:Haslemere,28-29:Petworth,30-33:Liphook,34:Alton,35:Bordon,46:Yateley,47:Sandhurst,51-52:Fleet
HA|Harrow|4:Ruislip,5:Pinner,6:Northwood,7-8:Stanmore,8:Edgware,9:Wembley,0:Wembley
HD|Huddersfield|6:Brighouse,9:Holmfirth
HG|Harrogate|4:Ripon,5:Knaresborough
HP|Hemel Hempstead|4:Berkhamsted,5:Chesham,6-7:Amersham,8:Chalfont St Giles,9:Beaconsfield,10-15:High Wycombe,16:Great Missenden,17:Aylesbury,18:Aylesbury,19-22:Aylesbury,23:Tring,27:Princes Risborough
HR|Hereford|5:Kington,6:Leominster,7:Bromyard,8:Ledbury,9:Ross-on-Wye
HS|Isle of Lewis|1:Stornoway,2:Isle of Lewis,3:Isle of Harris,4:Isle of Scalpay,5:Isle of Harris,6:Isle of North Uist,7:Isle of Benbecula,8:Isle of South Uist,9:Isle of Barra
HU|Hull|11:Hull,12:Hull,13:Hessle,14:North Ferriby,15:Brough,16:Cottingham,17:Beverley,18:Hornsea,19:Withernsea,20:Cottingham
HX|Halifax|6:Sowerby Bridge,7:Hebden Bridge
IG|Ilford|7:Chigwell,8-9:Woodford Green,10:Loughton,11:Barking
IP|Ipswich|11:Felixstowe,12:Woodbridge,13:Woodbridge,14:Stowmarket,15:Aldeburgh,16:Leiston,17:Saxmundham,18:Southwold,19:Halesworth,20:Harleston,21:Eye,22:Diss,23:Eye,24:Thetford,25:Thetford,26:Thetford,27:Brandon,28-33:Bury St Edmunds
IV|Inverness|4:Beauly,6:Muir of Ord,7:Dingwall,8:Munlochy,9:Avoch,10:Fortrose,11:Cromarty,12:Nairn,13:Inverness,14:Strathpeffer,15-16:Dingwall,17:Alness,18:Invergordon,19:Tain,20:Tain,21:Gairloch,22:Achnasheen,23:Garve,24:Ardgay,25:Dornoch,26:Ullapool,27:Lairg,28:Rogart,30-32:Elgin,36:Forres,40:Kyle,41-49:Isle of Skye,51:Portree,52:Plockton,53:Strome Ferry,54:Strathcarron,55-56:Isle of Skye,63:Inverness
KA|Kilmarnock|4:Galston,5:Mauchline,6-8:Ayr,9:Prestwick,10:Troon,11-12:Irvine,13:Kilwinning,14:Beith,15:Beith,16:Newmilns,17:Darvel,18:Cumnock,19:Maybole,20:Stevenston,21:Saltcoats,22:Ardrossan,23:West Kilbride,24:Dalry,25:Kilbirnie,26:Girvan,27:Isle of Arran,28:Isle of Cumbrae,29:Largs,30:Largs
KT|Kingston upon Thames|3:New Malden,4:Worcester Park,5-6:Surbiton,7:Thames Ditton,8:East Molesey,9:Chessington,10:Esher,11:Cobham,12:Walton-on-Thames,13:Weybridge,14:West Byfleet,15:Addlestone,16:Chertsey,17-19:Epsom,20:Tadworth,21:Ashtead,22:Leatherhead,23:Leatherhead,24:Leatherhead
KW|Kirkwall|1-3:Wick,5:Latheron,6:Dunbeath,7:Berriedale,8:Helmsdale,9:Brora,10:Golspie,11:Kinbrace,12-14:Thurso,16:Stromness,17:Orkney
KY|Kirkcaldy|3:Burntisland,4:Cowdenbeath,5:Lochgelly,6-7:Glenrothes,8:Leven,9:Leven,10:Anstruther,11-12:Dunfermline,13:Kinross,14:Cupar,15:Cupar,16:St Andrews,99:Dunfermline
L|Liverpool|20:Bootle,30:Bootle,31:Liverpool,32:Liverpool,33:Liverpool,34:Prescot,35:Prescot,36:Liverpool,37:Liverpool,39:Ormskirk,40:Ormskirk,67-69:Liverpool,70-75:Liverpool,80:Bootle
LA|Lancaster|3-4:Morecambe,5-6:Carnforth,7:Milnthorpe,8-9:Kendal,10:Sedbergh,11:Grange-over-Sands,12:Ulverston,13-14:Barrow-in-Furness,15:Dalton-in-Furness,16:Askam-in-Furness,17:Kirkby-in-Furness,18-19:Millom,20:Broughton-in-Furness,21:Coniston,22-23:Ambleside
LD|Llandrindod Wells|2:Builth Wells,3:Brecon,4:Llangammarch Wells,5:Llanwrtyd Wells,6:Rhayader,7:Knighton,8:Presteigne
LE|Leicester|10:Hinckley,11-12:Loughborough,13-14:Melton Mowbray,15:Oakham,16:Market Harborough,17:Lutterworth,18:Wigston,19:Leicester,21:Leicester,41:Leicester,55:Leicester,65:Ashby-de-la-Zouch,67:Coalville,87:Leicester,94-95:Leicester
LL|Llandudno|11-14:Wrexham,15:Ruthin,16:Denbigh,17:St Asaph,18:Rhyl,19:Prestatyn,20:Llangollen,21:Corwen,22:Abergele,23:Bala,24:Betws-y-Coed,25:Dolwyddelan,26:Llanrwst,27:Trefriw,28:Colwyn Bay,29:Colwyn Bay,31:Conwy,32:Conwy,33:Llanfairfechan,34:Penmaenmawr,35:Aberdovey,36:Tywyn,37:Llwyngwril,38:Fairbourne,39:Arthog,40:Dolgellau,41:Blaenau Ffestiniog,42:Barmouth,43:Talybont,44:Dyffryn Ardudwy,45:Llanbedr,46:Harlech,47:Talsarnau,48:Penrhyndeudraeth,49:Porthmadog,51:Garndolbenmaen,52:Criccieth,53:Pwllheli,54:Caernarfon,55:Caernarfon,56:Y Felinheli,57:Bangor,58:Beaumaris,59:Menai Bridge,60:Gaerwen,61:Llanfairpwllgwyngyll,62:Bodorgan,63:Ty Croes,64:Rhosneigr,65:Holyhead,66:Rhosgoch,67:Cemaes Bay,68:Amlwch,69:Penysarn,70:Dulas,71:Llanerchymedd,72:Moelfre,73:Marianglas,74:Tyn-y-Gongl,75:Pentraeth,76:Llanbedrgoch,77:Llangefni,78:Brynteg
LN|Lincoln|7:Market Rasen,8:Market Rasen,9:Horncastle,10:Woodhall Spa,11:Louth,12:Mablethorpe,13:Alford
LS|Leeds|21:Otley,22-23:Wetherby,24:Tadcaster,25-26:Leeds,27:Leeds,28:Pudsey,29:Ilkley,88:Leeds,98-99:Leeds
LU|Luton|5:Dunstable,6:Dunstable,7:Leighton Buzzard
M|Manchester|3:Salford,5-7:Salford,27:Manchester,30:Eccles,31:Partington,32:Stretford,33:Sale,34:Manchester,41:Urmston,43:Droylsden,44:Irlam,45:Whitefield,46:Atherton,50:Salford,60:Salford,61:Manchester,90:Manchester,99:Manchester
ME|Rochester|4-5:Chatham,6:Snodland,7-8:Gillingham,9-10:Sittingbourne,11:Queenborough,12:Sheerness,13:Faversham,14-18:Maidstone,19:West Malling,20:Aylesford
MK|Milton Keynes|16:Newport Pagnell,17:Milton Keynes,18:Buckingham,19:Milton Keynes,40-45:Bedford,46:Olney
ML|Motherwell|2:Wishaw,3:Hamilton,4:Bellshill,5-6:Coatbridge,6:Airdrie,7:Shotts,8:Carluke,9:Larkhall,10:Strathaven,11:Lanark,12:Biggar
N|London|81:London
NE|Newcastle upon Tyne|8-11:Gateshead,16:Whickham,21:Blaydon-on-Tyne,22:Bedlington,23:Cramlington,24:Blyth,25:Whitley Bay,26:Whitley Bay,27:Newcastle upon Tyne,28-29:Wallsend,30:North Shields,31:Hebburn,32:Jarrow,33-34:South Shields,35:Boldon Colliery,36:East Boldon,37:Washington,38:Washington,39:Rowlands Gill,40:Ryton,41:Wylam,42:Prudhoe,43:Stocksfield,44:Riding Mill,45:Corbridge,46-48:Hexham,49:Haltwhistle,61-65:Morpeth,66:Alnwick,67:Chathill,68:Seahouses,69:Bamburgh,70:Belford,71:Wooler
NG|Nottingham|10:Long Eaton,12:Nottingham,13:Bingham,14:Nottingham,15:Nottingham,16:Nottingham,17:Sutton-in-Ashfield,18-21:Mansfield,22:Newark,23-24:Newark,25:Southwell,31-34:Grantham,80:Nottingham,90:Nottingham
NN|Northampton|8-9:Wellingborough,10:Rushden,11:Daventry,12:Towcester,13:Brackley,14:Kettering,15-16:Kettering,17-18:Corby,29:Wellingborough
NP|Newport|4:Pontypool,7:Abergavenny,8:Crickhowell,11:Newport,12:Blackwood,13:Abertillery,15:Usk,16:Chepstow,18:Newport,19:Newport,20:Newport,22:Tredegar,23:Ebbw Vale,24:New Tredegar,25:Monmouth,26:Caldicot,44:Cwmbran
NR|Norwich|9:Norwich,10:Norwich,11:Norwich,12:Norwich,13:Norwich,14:Norwich,15:Norwich,16:Norwich,17:Attleborough,18:Wymondham,19:Dereham,20:Dereham,21:Fakenham,22:Walsingham,23:Wells-next-the-Sea,24:Melton Constable,25:Holt,26:Sheringham,27:Cromer,28:North Walsham,29-31:Great Yarmouth,32-33:Lowestoft,34:Beccles,35:Bungay,99:Norwich
NW|London|
OL|Oldham|10:Heywood,11-12:Rochdale,13:Bacup,14:Todmorden,15-16:Littleborough,16:Rochdale,95:Oldham
OX|Oxford|7:Chipping Norton,9:Thame,10:Wallingford,11:Didcot,12:Wantage,13:Abingdon,14:Abingdon,15-17:Banbury,18:Bampton,18:Burford,20:Woodstock,25:Bicester,26-27:Bicester,28-29:Witney,33:Oxford,39:Chinnor,44:Oxford,49:Watlington
PA|Paisley|4:Renfrew,5-6:Johnstone,7:Bishopton,8:Erskine,9:Johnstone,10:Johnstone,11:Bridge of Weir,12:Lochwinnoch,13:Kilmacolm,14:Port Glasgow,15-16:Greenock,17:Skelmorlie,18:Wemyss Bay,19:Gourock,20:Isle of Bute,21-23:Dunoon,24:Cairndow,25:Cairndow,26:Cairndow,27:Cairndow,28:Campbeltown,29:Tarbert,30:Lochgilphead,31:Lochgilphead,32:Inveraray,33:Dalmally,34:Oban,35:Taynuilt,36:Bridge of Orchy,37:Oban,38:Appin,41:Isle of Gigha,42:Isle of Islay,43:Isle of Islay,44:Isle of Islay,45:Isle of Islay,46:Isle of Islay,47:Isle of Islay,48:Isle of Islay,49:Isle of Islay,60:Isle of Jura,61:Isle of Colonsay,62-75:Isle of Mull,76:Isle of Iona,77:Isle of Tiree,78:Isle of Coll,80:Oban
PE|Peterborough|9:Stamford,10:Bourne,11-12:Spalding,13-14:Wisbech,15:March,16:Chatteris,19:St Neots,20-22:Boston,23:Spilsby,24:Skegness,25:Skegness,26-29:Huntingdon,30-38:King's Lynn
PH|Perth|3:Auchterarder,4:Auchterarder,5:Crieff,6:Crieff,7:Crieff,8:Dunkeld,9:Pitlochry,10:Blairgowrie,11:Blairgowrie,12:Blairgowrie,13:Blairgowrie,14:Perth,15:Aberfeldy,16:Pitlochry,17:Pitlochry,18:Pitlochry,19:Dalwhinnie,20:Newtonmore,21:Kingussie,22:Aviemore,23:Carrbridge,24:Boat of Garten,25:Nethy Bridge,26:Grantown-on-Spey,30:Corrour,31:Roy Bridge,32:Fort Augustus,33:Fort William,34:Spean Bridge,35:Invergarry,36:Acharacle,37:Glenfinnan,38:Lochailort,39:Arisaig,40:Lochailort,41:Mallaig,42:Isle of Eigg,43:Isle of Rum,44:Isle of Canna,49:Ballachulish,50:Kinlochleven
PL|Plymouth|10-11:Saltash,12:Saltash,13:Looe,14:Liskeard,15:Launceston,16:Lifton,17:Callington,18:Calstock,19:Tavistock,20:Yelverton,21:Ivybridge,22:Lostwithiel,23:Fowey,24:Par,25-26:St Austell,27:Wadebridge,28:Padstow,29:Port Isaac,30-31:Bodmin,32:Camelford,33:Delabole,34:Tintagel,35:Boscastle
PO|Portsmouth|7-8:Waterlooville,9:Havant,10:Emsworth,11:Hayling Island,12-13:Gosport,14:Fareham,15-17:Fareham,18-20:Chichester,21-22:Bognor Regis,30-41:Isle of Wight,30:Newport,31:Cowes,32:East Cowes,33:Ryde,34:Seaview,35:Bembridge,36:Sandown,37:Shanklin,38:Ventnor,39:Totland Bay,40:Freshwater,41:Yarmouth
PR|Preston|6-7:Chorley,8-9:Southport,25-26:Leyland
RG|Reading|9:Henley-on-Thames,10:Reading,12:Bracknell,14:Newbury,17:Hungerford,18:Thatcham,19:Thatcham,20:Newbury,21-24:Basingstoke,25:Basingstoke,26:Tadley,27:Hook,28:Whitchurch,29:Odiham,40-41:Wokingham,42:Bracknell,45:Crowthorne
RH|Redhill|2:Reigate,3-5:Dorking,6:Horley,7:Lingfield,8:Oxted,9:Godstone,10-11:Crawley,12-13:Horsham,14:Billingshurst,15:Burgess Hill,16-17:Haywards Heath,18:Forest Row,19:East Grinstead,20:Pulborough,77:Crawley
RM|Romford|4:Romford,6:Romford,7:Romford,8-10:Dagenham,11-12:Hornchurch,13:Rainham,14:Upminster,15:South Ockendon,16-17:Grays,18:Tilbury,19:Purfleet,20:Grays
S|Sheffield|18:Dronfield,32:Hope Valley,33:Hope Valley,40-45:Chesterfield,60-66:Rotherham,70-75:Barnsley,80-81:Worksop
SA|Swansea|10-11:Neath,12-13:Port Talbot,14-15:Llanelli,16:Burry Port,17:Kidwelly,18:Ammanford,19:Llandeilo,20:Llandovery,31-33:Carmarthen,34:Whitland,35:Crymych,36:Glogue,37:Boncath,38:Newcastle Emlyn,39:Pencader,40:Llanybydder,41:Crymych,42:Newport,43:Cardigan,44:Llandysul,45:New Quay,46:Aberaeron,47:Llanarth,48:Lampeter,61-62:Haverfordwest,63:Clarbeston Road,64:Goodwick,65:Fishguard,66:Clynderwen,67:Narberth,68:Kilgetty,69:Saundersfoot,70:Tenby,71-72:Pembroke,73:Milford Haven,99:Swansea
SE|London|
SG|Stevenage|4-5:Hitchin,6:Letchworth Garden City,7:Baldock,8:Royston,9:Buntingford,10:Much Hadham,11:Ware,12:Ware,13-14:Hertford,15:Arlesey,16:Henlow,17:Shefford,18:Biggleswade,19:Sandy
SK|Stockport|6:Stockport,7:Stockport,8:Cheadle,9:Wilmslow,10-11:Macclesfield,12:Stockport,13:Glossop,14:Hyde,15:Stalybridge,16:Dukinfield,17:Buxton,22:High Peak,23:High Peak
SL|Slough|0:Iver,4:Windsor,5:Ascot,6:Maidenhead,7:Marlow,8:Bourne End,9:Gerrards Cross,60:Slough,95:Slough
SM|Sutton|4:Morden,5:Carshalton,6:Wallington,7:Banstead
SN|Swindon|7:Faringdon,8:Marlborough,9:Pewsey,10:Devizes,11:Calne,12:Melksham,13:Corsham,14-15:Chippenham,16:Malmesbury,99:Swindon
SO|Southampton|20:Stockbridge,21:Winchester,22-23:Winchester,24:Alresford,30:Southampton,31:Southampton,32:Southampton,40:Southampton,41:Lymington,42:Brockenhurst,43:Lyndhurst,45:Southampton,50:Eastleigh,51:Romsey,52:Southampton,53:Eastleigh
SP|Salisbury|4:Salisbury,5:Salisbury,6:Fordingbridge,7:Salisbury,8:Gillingham,9:Tidworth,10-11:Andover
SR|Sunderland|7:Seaham,8:Peterlee,9:Sunderland
SS|Southend-on-Sea|4:Rochford,5:Hockley,6:Rayleigh,7:Benfleet,8:Canvey Island,11-12:Wickford,13-16:Basildon,17:Stanford-le-Hope
ST|Stoke-on-Trent|5:Newcastle,8:Leek,10:Stoke-on-Trent,11:Stoke-on-Trent,12:Stoke-on-Trent,13:Leek,14:Uttoxeter,15:Stone,16-18:Stafford,19:Stafford,20:Stafford,21:Stafford,55:Newcastle
SW|London|
SY|Shrewsbury|6:Church Stretton,7:Bucknell,8:Ludlow,9:Bishops Castle,10-11:Oswestry,12:Ellesmere,13:Whitchurch,14:Malpas,15:Montgomery,16:Newtown,17:Caersws,18:Llanidloes,19:Llanbrynmair,20:Machynlleth,21-22:Welshpool,23-25:Aberystwyth,99:Shrewsbury
TA|Taunton|5-7:Bridgwater,8:Burnham-on-Sea,9:Highbridge,10:Langport,11:Somerton,12:Martock,13:South Petherton,14:Stoke-sub-Hamdon,15:Montacute,16:Merriott,17:Hinton St George,18:Crewkerne,19:Ilminster,20:Chard,21:Wellington,22:Dulverton,23:Watchet,24:Minehead
TD|Galashiels|2:Lauder,3:Gordon,4:Earlston,5:Kelso,6:Melrose,7:Selkirk,8:Jedburgh,9:Hawick,10:Duns,11:Duns,12:Coldstream,13:Cockburnspath,14:Eyemouth,15:Berwick-upon-Tweed
TF|Telford|9:Market Drayton,10:Newport,11:Shifnal,12:Broseley,13:Much Wenlock
TN|Tonbridge|1-4:Tunbridge Wells,5:Wadhurst,6:Crowborough,7:Hartfield,8:Edenbridge,13-15:Sevenoaks,16:Westerham,17:Cranbrook,18:Hawkhurst,19:Etchingham,20:Mayfield,21:Heathfield,22:Uckfield,23-27:Ashford,28:New Romney,29:Romney Marsh,30:Tenterden,31:Rye,32:Robertsbridge,33:Battle,34-35:Hastings,36:Winchelsea,37-38:St Leonards-on-Sea,39-40:Bexhill-on-Sea
TQ|Torquay|3-4:Paignton,5:Brixham,6:Dartmouth,7:Kingsbridge,8:Salcombe,9:Totnes,10:South Brent,11:Buckfastleigh,12-13:Newton Abbot,14:Teignmouth
TR|Truro|7:Newquay,8:Newquay,9:St Columb,10:Penryn,11:Falmouth,12:Helston,13:Helston,14:Camborne,15-16:Redruth,17:Marazion,18:Penzance,19:Penzance,20:Penzance,21-25:Isles of Scilly,26:St Ives,27:Hayle
TS|Middlesbrough|10-11:Redcar,12:Saltburn-by-the-Sea,13:Saltburn-by-the-Sea,14:Guisborough,15:Yarm,16-21:Stockton-on-Tees,22-23:Billingham,24-27:Hartlepool,28:Wingate,29:Trimdon Station
TW|Twickenham|3-6:Hounslow,7:Isleworth,8:Brentford,9-10:Richmond,11-12:Teddington,12:Hampton,13-14:Feltham,15-16:Sunbury-on-Thames,17:Shepperton,18-19:Staines-upon-Thames,20:Egham
UB|Southall|3:Hayes,4:Hayes,5:Northolt,6:Greenford,7-8:West Drayton,8-10:Uxbridge,11:Uxbridge,18:Greenford
W|London|
WA|Warrington|6:Frodsham,7:Runcorn,8:Widnes,9-11:St Helens,12:Newton-le-Willows,13:Lymm,14-15:Altrincham,16:Knutsford,55:Warrington,88:Widnes
WC|London|
WD|Watford|3:Rickmansworth,4:Kings Langley,5:Abbots Langley,6:Borehamwood,7:Radlett,23:Bushey
WF|Wakefield|5:Ossett,6:Normanton,7:Pontefract,8-9:Pontefract,10:Castleford,11:Knottingley,12-13:Dewsbury,14:Mirfield,15-16:Liversedge,17:Batley
WN|Wigan|4:Wigan,5:Wigan,6:Wigan,7:Leigh,8:Skelmersdale
WR|Worcester|9:Droitwich,10:Pershore,11:Evesham,12:Broadway,13-14:Malvern,15:Tenbury Wells,78:Worcester,99:Worcester
WS|Walsall|7:Burntwood,8:Walsall,9:Walsall,10:Wednesbury,11-12:Cannock,13-14:Lichfield,15:Rugeley
WV|Wolverhampton|5:Wolverhampton,6:Wolverhampton,7:Wolverhampton,8:Wolverhampton,9:Wolverhampton,10:Wolverhampton,11:Wolverhampton,12:Willenhall,13:Willenhall,14:Bilston,15-16:Bridgnorth,98-99:Wolverhampton
YO|York|7:Thirsk,8:Selby,11-14:Scarborough,15-16:Bridlington,17:Malton,18:Pickering,21-22:Whitby,25:Driffield,41-42:York,43:York,51:York,60-62:York,90-91:York
ZE|Shetland|1:Shetland,2:Shetland,3:Shetland
`;
