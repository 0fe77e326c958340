/** DVLA endorsement codes (gov.uk "Penalty points (endorsements)"): code | meaning | group | points. */
export const CONVICTIONS = `
AC10|Failing to stop after an accident|Accident offences|5-10
AC20|Failing to give particulars or report an accident within 24 hours|Accident offences|5-10
AC30|Undefined accident offences|Accident offences|4-9
BA10|Driving while disqualified by order of court|Disqualified driver|6
BA30|Attempting to drive while disqualified by order of court|Disqualified driver|6
BA40|Causing death by driving while disqualified|Disqualified driver|3-11
BA60|Causing serious injury by driving while disqualified|Disqualified driver|3-11
CD10|Driving without due care and attention|Careless driving|3-9
CD20|Driving without reasonable consideration for other road users|Careless driving|3-9
CD30|Driving without due care and attention or without reasonable consideration for other road users|Careless driving|3-9
CD40|Causing death through careless driving when unfit through drink|Careless driving|3-11
CD50|Causing death by careless driving when unfit through drugs|Careless driving|3-11
CD60|Causing death by careless driving with alcohol level above the limit|Careless driving|3-11
CD70|Causing death by careless driving then failing to supply a specimen for alcohol analysis|Careless driving|3-11
CD80|Causing death by careless, or inconsiderate, driving|Careless driving|3-11
CD90|Causing death by driving: unlicensed, disqualified or uninsured drivers|Careless driving|3-11
CU10|Using a vehicle with defective brakes|Construction and use offences|3
CU20|Causing or likely to cause danger by reason of use of unsuitable vehicle or using a vehicle with parts or accessories in a dangerous condition|Construction and use offences|3
CU30|Using a vehicle with defective tyre(s)|Construction and use offences|3
CU40|Using a vehicle with defective steering|Construction and use offences|3
CU50|Causing or likely to cause danger by reason of load or passengers|Construction and use offences|3
CU80|Breach of requirements as to control of the vehicle, such as using a mobile phone|Construction and use offences|6
DD10|Causing serious injury by dangerous driving|Reckless/dangerous driving|3-11
DD40|Dangerous driving|Reckless/dangerous driving|3-11
DD60|Manslaughter or culpable homicide while driving a vehicle|Reckless/dangerous driving|3-11
DD80|Causing death by dangerous driving|Reckless/dangerous driving|3-11
DD90|Furious driving|Reckless/dangerous driving|3-9
DR10|Driving or attempting to drive with alcohol level above limit|Drink driving|3-11
DR20|Driving or attempting to drive while unfit through drink|Drink driving|3-11
DR30|Driving or attempting to drive then failing to supply a specimen for analysis|Drink driving|3-11
DR31|Driving or attempting to drive then refusing to give permission for analysis of a blood sample that was taken without consent due to incapacity|Drink driving|3-11
DR61|Refusing to give permission for analysis of a blood sample that was taken without consent due to incapacity in circumstances other than driving or attempting to drive|Drink driving|10
DR40|In charge of a vehicle while alcohol level above limit|Drink driving|10
DR50|In charge of a vehicle while unfit through drink|Drink driving|10
DR60|Failure to provide a specimen for analysis in circumstances other than driving or attempting to drive|Drink driving|10
DR70|Failing to co-operate with a preliminary test|Drink driving|4
DG10|Driving or attempting to drive with drug level above the specified limit|Drug driving|3-11
DG40|In charge of a vehicle while drug level above specified limit|Drug driving|10
DG60|Causing death by careless driving with drug level above the limit|Drug driving|3-11
DR80|Driving or attempting to drive when unfit through drugs|Drug driving|3-11
DR90|In charge of a vehicle when unfit through drugs|Drug driving|10
IN10|Using a vehicle uninsured against third party risks|Insurance offences|6-8
LC20|Driving otherwise than in accordance with a licence|Licence offences|3-6
LC30|Driving after making a false declaration about fitness when applying for a licence|Licence offences|3-6
LC40|Driving a vehicle having failed to notify a disability|Licence offences|3-6
LC50|Driving after a licence has been cancelled (revoked) or refused on medical grounds|Licence offences|3-6
MS10|Leaving a vehicle in a dangerous position|Miscellaneous offences|3
MS20|Unlawful pillion riding|Miscellaneous offences|3
MS30|Play street offences|Miscellaneous offences|2
MS50|Motor racing on the highway|Miscellaneous offences|3-11
MS60|Offences not covered by other codes (including offences relating to breach of requirements as to control of vehicle)|Miscellaneous offences|3
MS70|Driving with uncorrected defective eyesight|Miscellaneous offences|3
MS80|Refusing to submit to an eyesight test|Miscellaneous offences|3
MS90|Failure to give information as to identity of driver etc|Miscellaneous offences|6
MW10|Contravention of special roads regulations (excluding speed limits)|Motorway offences|3
PC10|Undefined contravention of pedestrian crossing regulations|Pedestrian crossings|3
PC20|Contravention of pedestrian crossing regulations with moving vehicle|Pedestrian crossings|3
PC30|Contravention of pedestrian crossing regulations with stationary vehicle|Pedestrian crossings|3
SP10|Exceeding goods vehicle speed limits|Speed limits|3-6
SP20|Exceeding speed limit for type of vehicle (excluding goods or passenger vehicles)|Speed limits|3-6
SP30|Exceeding statutory speed limit on a public road|Speed limits|3-6
SP40|Exceeding passenger vehicle speed limit|Speed limits|3-6
SP50|Exceeding speed limit on a motorway|Speed limits|3-6
TS10|Failing to comply with traffic light signals|Traffic direction and signs|3
TS20|Failing to comply with double white lines|Traffic direction and signs|3
TS30|Failing to comply with 'stop' sign|Traffic direction and signs|3
TS40|Failing to comply with direction of a constable/warden|Traffic direction and signs|3
TS50|Failing to comply with traffic sign (excluding 'stop' signs, traffic lights or double white lines)|Traffic direction and signs|3
TS60|Failing to comply with a school crossing patrol sign|Traffic direction and signs|3
TS70|Undefined failure to comply with a traffic direction sign|Traffic direction and signs|3
UT50|Aggravated taking of a vehicle|Theft or unauthorised taking|3-11
MR09|Reckless or dangerous driving (whether or not resulting in death, injury or serious risk) (Mutual Recognition)|Mutual recognition codes|3-11
MR19|Wilful failure to carry out the obligation placed on driver after being involved in a road accident (hit or run) (Mutual Recognition)|Mutual recognition codes|3-9
MR29|Driving a vehicle while under the influence of alcohol or other substance affecting or diminishing the mental and physical abilities of a driver (Mutual Recognition)|Mutual recognition codes|3-11
MR39|Driving a vehicle faster than the permitted speed (Mutual Recognition)|Mutual recognition codes|3-6
MR49|Driving a vehicle whilst disqualified (Mutual Recognition)|Mutual recognition codes|6
MR59|Other conduct constituting an offence for which a driving disqualification has been imposed by the State of Offence (Mutual Recognition)|Mutual recognition codes|3-11
TT99|Disqualification under the totting-up procedure (12 or more penalty points within 3 years)|Totting up|0
`;

/** Offences an insurer refers rather than rates (drink, drugs, dangerous driving, uninsured, disqualified). */
export const SERIOUS_GROUPS = new Set([
  'Disqualified driver',
  'Reckless/dangerous driving',
  'Drink driving',
  'Drug driving',
  'Insurance offences',
  'Totting up',
]);
