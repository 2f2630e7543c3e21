pub struct Hub;
